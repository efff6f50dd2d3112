// Name lookup for topic entity recognition, built once per graph: exact token-sequence keys (so "Chris O'Donnell",
// "chris o’donnell" and "chris_o_donnell" meet), an inverted index token → names for fuzzy matching, and token
// document frequencies over the names (how much a matching word says about which entity is meant). Mediator
// nodes (Freebase CVT ids such as `m.0abc12`, which stand for no name) get no key: text never names them.
import type { MemoryGraph } from '../../graph/memoryGraph.js';
import { stemToken, wordSpans } from '../../core/nameWords.js';
import { keyTrigrams, stemIdf, type NameIndexData } from '../../graph/nameIndexData.js';
export { isMediatorName, stemToken, wordSpans, type WordSpan } from '../../core/nameWords.js';

const NONE = new Int32Array(0);

export class EntityNameIndex {
  /** Sum of the IDF of a key's distinct stems: the weight a full fuzzy match must reach. */
  readonly keyWeight: Float64Array;
  /** Longest key, in words: the longest span worth looking up. */
  readonly maxKeyLength: number;
  private trigramHits: Int32Array | undefined;

  /** Over the graph's name tables (graph/nameIndexData.ts): read from its snapshot, or built once in memory. */
  private constructor(
    readonly graph: MemoryGraph,
    private readonly data: NameIndexData,
  ) {
    this.keyWeight = data.keyWeight;
    this.maxKeyLength = data.maxKeyLength;
  }

  static build(graph: MemoryGraph): EntityNameIndex {
    return new EntityNameIndex(graph, graph.nameIndexData());
  }

  get keyCount(): number {
    return this.data.linkKeys.size;
  }

  /** The key: folded words joined by a space. */
  key(k: number): string {
    return this.data.linkKeys.key(k);
  }

  /** Entities named by key k, in graph order. */
  keyEntities(k: number): Int32Array {
    return this.data.linkKeys.list(k);
  }

  /** Folded words of key k (those of its first entity's name, which the key is made of). */
  keyTokens(k: number): string[] {
    return wordSpans(this.graph.names[this.data.linkKeys.list(k)[0]]).map((w) => w.norm);
  }

  /** Key id of an exact word sequence, if some entity is named so. */
  lookup(words: readonly string[]): number | undefined {
    return this.data.linkKeys.find(words.join(' '));
  }

  /** Number of distinct names containing the (stemmed) word. */
  documentFrequency(word: string): number {
    return this.data.stems.get(stemToken(word))?.length ?? 0;
  }

  /** Smoothed inverse document frequency of a word over the names (unseen words weigh the most). */
  idf(word: string): number {
    return stemIdf(this.keyCount, this.documentFrequency(word));
  }

  /** Multi-word keys whose initials spell the folded word ("esrb" → "entertainment software rating board"). */
  keysAbbreviatedAs(word: string): Int32Array {
    return this.data.acronyms.get(word) ?? NONE;
  }

  /** Keys containing the (stemmed) word. */
  keysWith(word: string): Int32Array {
    return this.data.stems.get(stemToken(word)) ?? NONE;
  }

  /**
   * Keys sharing character trigrams with `text`, scored by shared trigrams over √(key's × text's), best first
   * (ties by key): through the trigram postings, so the cost follows the text's trigrams, not the graph's size.
   * With `limit`, exactly the first `limit` of the full ranking, found without reading the commonest postings
   * once no key seen only there could still enter the top (MaxScore): their cost no longer grows with the graph.
   */
  closestByTrigrams(text: string, limit = Infinity): [number, number][] {
    const query = keyTrigrams(text);
    const Q = query.size;
    // Rarest postings first: they hold the few keys worth scoring; the common ones mostly add noise.
    const grams = [...query].map((g) => ({ g, keys: this.data.trigrams.get(g) ?? NONE })).filter((p) => p.keys.length > 0);
    grams.sort((x, y) => x.keys.length - y.keys.length);
    // A counter per key, reused across calls; only the keys touched are read and reset.
    const hits = (this.trigramHits ??= new Int32Array(this.keyCount));
    const touched: number[] = [];
    const score = (k: number, h: number): number => h / Math.sqrt(this.data.keyGrams[k] * Q);
    let read = 0;
    let floor = -1;
    while (read < grams.length) {
      for (const k of grams[read++].keys) if (hits[k]++ === 0) touched.push(k);
      const left = grams.length - read;
      if (left === 0 || touched.length < limit) continue;
      // A key not yet seen gets at most min(left, g) of its g trigrams: score ≤ √(left/Q). The margin keeps the
      // cut safe against rounding, so float ties are never cut.
      floor = kthLargest(touched, limit, (k) => score(k, hits[k]));
      if (Math.sqrt(left / Q) * (1 + 1e-9) < floor) break;
      floor = -1;
    }
    const scored: [number, number][] = [];
    if (floor < 0) {
      for (const k of touched) {
        scored.push([k, score(k, hits[k])]);
        hits[k] = 0;
      }
    } else {
      // Only keys already seen can still make the top: finish their counts from their own trigrams.
      const rest = new Set(grams.slice(read).map((p) => p.g));
      const left = rest.size;
      for (const k of touched) {
        const h = hits[k];
        hits[k] = 0;
        const best = score(k, h + Math.min(left, this.data.keyGrams[k] - h));
        if (best * (1 + 1e-9) < floor) continue;
        let more = 0;
        for (const g of keyTrigrams(this.key(k))) if (rest.has(g)) more++;
        scored.push([k, score(k, h + more)]);
      }
    }
    scored.sort((x, y) => y[1] - x[1] || x[0] - y[0]);
    return scored.length > limit ? scored.slice(0, limit) : scored;
  }
}

/** The n-th largest value over the items (n ≥ 1, at most items.length), by a small sorted buffer. */
function kthLargest(items: readonly number[], n: number, value: (item: number) => number): number {
  const top: number[] = [];
  for (const item of items) {
    const v = value(item);
    if (top.length === n && v <= top[n - 1]) continue;
    let i = top.length === n ? n - 1 : top.length;
    while (i > 0 && top[i - 1] < v) {
      top[i] = top[i - 1];
      i--;
    }
    top[i] = v;
  }
  return top[n - 1];
}
