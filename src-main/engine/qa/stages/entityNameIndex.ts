// Name lookup for topic entity recognition, built once per graph: exact token-sequence keys (so "Chris O'Donnell",
// "chris o’donnell" and "chris_o_donnell" meet), an inverted index token → names for fuzzy matching, and token
// document frequencies over the names (how much a matching word says about which entity is meant). Mediator
// nodes (Freebase CVT ids such as `m.0abc12`, which stand for no name) get no key: text never names them.
import type { MemoryGraph } from '../../graph/memoryGraph.js';
import { stemToken, wordSpans } from '../../core/nameWords.js';
import { compactKeysOf, stemIdf, type NameIndexData } from '../../graph/nameIndexData.js';
import { closestByTrigrams } from './closestTrigrams.js';
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

  /** Linking keys whose words, joined without spaces, spell `joined` (in key order). */
  compactKeys(joined: string): Int32Array | undefined {
    return compactKeysOf(this.data, joined);
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
   * (ties by key): through the trigram index, so the cost follows the text's trigrams, not the graph's size.
   * With `limit`, exactly the first `limit` of the full ranking, reading only the runs of the postings that can hold
   * a key above a threshold lowered until the top is full (qa/stages/closestTrigrams.ts): the commonest trigrams
   * are read only for the key sizes where a good match could hide.
   */
  closestByTrigrams(text: string, limit = Infinity): [number, number][] {
    const hits = (this.trigramHits ??= new Int32Array(this.keyCount));
    return closestByTrigrams(this.data.closest, hits, text, limit);
  }
}
