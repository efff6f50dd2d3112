// The benchmark sets shared by bench:qa and bench:exposure: each names a graph (pipe-separated triples) and a
// questions file (question<TAB>gold|gold, or MetaQA's format). One definition, so both benchmarks ask the same
// questions of the same graphs.
import { join, resolve } from 'node:path';

export interface BenchSet {
  name: string;
  /** Graph key: sets with one key share the graph and the engine. */
  graph: string;
  kb: string;
  questions: string;
  /** Official question types, line-aligned with the questions file (labels only). */
  types?: string;
  stripBrackets?: boolean;
  /** Questions as people type them: brackets stripped and every letter lower case. */
  lowerCase?: boolean;
  /** Every question, unsampled. */
  all?: boolean;
}

const demoDir = resolve(import.meta.dirname, '../../resources/demo');
// Generated graphs of domains the pipeline was never developed on (bench/devgraphs/generate.ts); chain labels only
// label the rows of bench:qa --out.
const devDir = resolve(import.meta.dirname, '../devgraphs/data');

/** Every set, in table order; `data` is the shared data folder (MetaQA, GrailQA, SimpleQuestions-Wikidata). */
export function benchSets(data: string): BenchSet[] {
  const metaqa = (h: number, nb: boolean, lc = false): BenchSet => ({
    name: `metaqa-${h}${lc ? '-lc' : nb ? '-nb' : ''}`,
    graph: 'metaqa',
    kb: join(data, 'metaqa', 'kb.txt'),
    questions: join(data, 'metaqa', `${h}-hop`, 'qa_dev.txt'),
    types: join(data, 'metaqa', `${h}-hop`, 'qa_dev_qtype.txt'),
    ...(nb ? { stripBrackets: true } : {}),
    ...(lc ? { lowerCase: true } : {}),
  });
  const devgraph = (domain: 'genealogy' | 'sports', h: number, lc = false): BenchSet => ({
    name: `${domain}-${h}${lc ? '-lc' : ''}`,
    graph: domain,
    kb: join(devDir, domain, 'kb.txt'),
    questions: join(devDir, domain, `qa_${h}hop.txt`),
    types: join(devDir, domain, `qa_${h}hop_qtype.txt`),
    ...(lc ? { stripBrackets: true, lowerCase: true } : {}),
  });
  return [
    metaqa(1, false),
    metaqa(1, true),
    metaqa(2, false),
    metaqa(2, true),
    metaqa(3, false),
    metaqa(3, true),
    metaqa(1, true, true),
    metaqa(2, true, true),
    metaqa(3, true, true),
    { name: 'grailqa', graph: 'grailqa', kb: join(data, 'grailqa', 'kb.txt'), questions: join(data, 'grailqa', 'questions.tsv') },
    { name: 'simpleq', graph: 'simpleq', kb: join(data, 'simpleq-wikidata', 'kb.txt'), questions: join(data, 'simpleq-wikidata', 'questions.tsv') },
    { name: 'demo', graph: 'demo', kb: join(demoDir, 'hospital-network.txt'), questions: join(demoDir, 'questions.txt'), all: true },
    devgraph('genealogy', 2),
    devgraph('genealogy', 3),
    devgraph('sports', 2),
    devgraph('sports', 3),
    devgraph('genealogy', 2, true),
    devgraph('sports', 2, true),
    // A research graph (people, papers, venues, grants; 2,995 triples) and 49 questions an outside newcomer wrote as an
    // analyst would, names unbracketed, gold computed from the triples by script: every question, unsampled.
    { name: 'research', graph: 'research', kb: join(devDir, 'research', 'kb.txt'), questions: join(devDir, 'research', 'questions.tsv'), all: true },
    // The same for a corporate graph (companies, people, products, places; 3,243 triples, 30 relations): 50 questions.
    { name: 'corporate', graph: 'corporate', kb: join(devDir, 'corporate', 'kb.txt'), questions: join(devDir, 'corporate', 'questions.tsv'), all: true },
    // And a music graph (bands, people, albums, songs, venues, labels; 3,364 triples, 33 relations): 50 questions.
    { name: 'music', graph: 'music', kb: join(devDir, 'music', 'kb.txt'), questions: join(devDir, 'music', 'questions.tsv'), all: true },
    // And an aviation graph (airlines, airports, aircraft, people, places; 3,077 triples, 34 relations): 50 questions.
    { name: 'aviation', graph: 'aviation', kb: join(devDir, 'aviation', 'kb.txt'), questions: join(devDir, 'aviation', 'questions.tsv'), all: true },
    // And a politics graph (politicians, parties, constituencies, ministries, bills, elections; 2,433 triples, 34
    // relations): 50 questions.
    { name: 'politics', graph: 'politics', kb: join(devDir, 'politics', 'kb.txt'), questions: join(devDir, 'politics', 'questions.tsv'), all: true },
    // And a literature graph (authors, books, series, publishers and imprints, award editions, translators, agents,
    // festivals; 3,475 triples, 34 relations), written by a newcomer after this stop's changes: 50 questions.
    { name: 'literature', graph: 'literature', kb: join(devDir, 'literature', 'kb.txt'), questions: join(devDir, 'literature', 'questions.tsv'), all: true },
  ];
}
