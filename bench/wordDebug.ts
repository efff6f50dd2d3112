// Debug aid for relation matching: for each word, its raw similarity and contrast to every relation label of a
// pipe-triples kb (best first), as the algorithmic Hand's RelationMatcher computes them (GloVe + WordNet floor).
//   node bin/run-ts.mjs bench/wordDebug.ts --kb FILE [--top 6] word [word …]
import { parseArgs } from 'node:util';
import { loadGloveDrm } from '../src-main/engine/drm/gloveDrm.js';
import { pipeTriplesGraph } from '../src-main/engine/import/pipeTriplesGraph.js';
import { LexicalRelatedness } from '../src-main/engine/lexicon/lexicalRelatedness.js';
import { sharedWordNet } from '../src-main/engine/lexicon/wordnet.js';
import { RelationMatcher } from '../src-main/engine/qa/hand/relationMatcher.js';
import { ownRelationWords, relationWords } from '../src-main/engine/qa/hand/relationWords.js';
import { WordVectors } from '../src-main/engine/qa/hand/wordSimilarity.js';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { kb: { type: 'string' }, top: { type: 'string', default: '6' } } });
if (!values.kb) throw new Error('--kb FILE is required');
const graph = pipeTriplesGraph(values.kb);
const wn = sharedWordNet();
const lexical = wn ? new LexicalRelatedness(wn) : undefined;
const words = new WordVectors(await loadGloveDrm(), lexical ? (a, b) => lexical.of(a, b) : undefined);
const labels = graph.relationLabels;
const matcher = new RelationMatcher(words, labels.map(relationWords), labels.map(ownRelationWords));
await words.prepare([...labels.flatMap(relationWords), ...positionals]);
for (const w of positionals) {
  const rows = labels.map((l, r) => ({ l, raw: matcher.raw(w, r), c: matcher.contrast(w, r) })).sort((a, b) => b.c - a.c);
  console.log(`${w}: best contrast ${matcher.bestContrast(w).toFixed(2)}  ` + rows.slice(0, Number(values.top)).map((x) => `${x.l} ${x.raw.toFixed(2)}/${x.c.toFixed(2)}`).join(' · '));
}
