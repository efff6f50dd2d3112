// The dictionaries of the one leak rule (traceLeaks): a graph's entity names and ids as name scanners, one-word
// everyday words read as words. Built the same way for the write-back gate (from the graph a question ran on) and
// for the audit (from every graph on the machine), so what the gate stores the audit passes. Cached per names
// array: a graph's MemoryGraph keeps its arrays, so each question after the first reuses the scanners.
import { anyScanner, nameScanner, type NameScanner } from '../core/nameScanner.js';
import { isEverydayWord } from '../lexicon/everydayWord.js';
import type { LeakDictionaries } from './traceLeaks.js';

const cache = new WeakMap<readonly string[], WeakMap<readonly string[], LeakDictionaries>>();

export function leakDictionaries(names: readonly string[], ids: readonly string[]): LeakDictionaries {
  let byIds = cache.get(names);
  if (!byIds) cache.set(names, (byIds = new WeakMap()));
  let dictionaries = byIds.get(ids);
  if (!dictionaries) {
    dictionaries = { names: nameScanner(names, { isEverydayWord }), ids: nameScanner(ids, { isEverydayWord }) };
    byIds.set(ids, dictionaries);
  }
  return dictionaries;
}

/** The write-back gate's dictionaries: the audit's (the graph's names and ids) plus the names the session touched. */
export function writeBackDictionaries(vocabulary?: { names: readonly string[]; ids: readonly string[] }, touched?: NameScanner): LeakDictionaries {
  const graph = vocabulary ? leakDictionaries(vocabulary.names, vocabulary.ids) : {};
  const names = anyScanner(graph.names, touched);
  return { ...(names ? { names } : {}), ...(graph.ids ? { ids: graph.ids } : {}) };
}
