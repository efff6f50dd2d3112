// The one leak rule of the experience memory, used as is by the write-back gate (experienceStore.add/put) and by
// the audit (auditMemory): a record may contain roles, relation/schema labels, buckets and abstract words, nothing
// else. It walks every string of a trace and reports session tokens, entity names or ids from the dictionaries
// (leakDictionaries: the graph's names and ids, one-word everyday words read as words), and literals that were
// never bucketed. Whatever the audit would flag, the gate refuses; whatever the gate stored, the audit passes.
import { nameKey, scrubbable } from '../core/nameKey.js';
import type { AbstractTrace } from './experienceRecord.js';
import { ROLE_PATTERN } from './abstractTrace.js';
import { LeakyTraceError } from './memoryErrors.js';
import type { NameScanner } from '../core/nameScanner.js';

export type LeakKind = 'token' | 'name' | 'id' | 'literal';

/** What the strings of a trace are checked against. */
export interface LeakDictionaries {
  /** Entity names (at write-back also the names the session touched). */
  names?: NameScanner;
  /** Entity ids (IRIs, keys): a hit is reported as kind 'id'. */
  ids?: NameScanner;
}

export interface Leak {
  kind: LeakKind;
  /** JSON path of the string that leaks, e.g. `templates[0].text` (never the leaked value itself). */
  field: string;
}

/** Session tokens of any session: prefix + at least six hex digits. */
const TOKEN = /[ESLA]_[0-9a-f]{6,}/;
/** Buckets memory allows (decades, number bands), removed before looking for raw numbers. */
const BUCKETS = /-?\(?(?:\d+(?:\.\d+)?[kMGT]?–\d+[kMGT]?|≥\d+[kMGT]?)\)?|\b\d{3}0s\b/g;
const RAW_LITERAL = /\b\d{4}-\d{2}(-\d{2})?\b|\b\d+\.\d+\b|\b\d{3,}\b|\b\d{1,3}(,\d{3})+\b/;
const WORD = /[\p{L}\p{N}]+/gu;

/** Every string in a value with its JSON path. */
function* strings(value: unknown, path: string): Generator<[string, string]> {
  if (typeof value === 'string') yield [path, value];
  else if (Array.isArray(value)) for (let i = 0; i < value.length; i++) yield* strings(value[i], `${path}[${i}]`);
  else if (value && typeof value === 'object' && !ArrayBuffer.isView(value))
    for (const [k, v] of Object.entries(value)) yield* strings(v, path ? `${path}.${k}` : k);
}

/** Leaks in one string (each kind reported once per string). */
export function leaksInText(text: string, dictionaries: LeakDictionaries = {}): LeakKind[] {
  const out: LeakKind[] = [];
  if (TOKEN.test(text)) out.push('token');
  const withoutRoles = text.replace(ROLE_PATTERN, ' ');
  if (RAW_LITERAL.test(withoutRoles.replace(BUCKETS, ' '))) out.push('literal');
  const { names, ids } = dictionaries;
  if (names && names.size > 0 && names.contains(withoutRoles)) out.push('name');
  if (ids && ids.size > 0 && ids.contains(withoutRoles)) out.push('id');
  return out;
}

/** Every string of a trace with its JSON path (the exposure enum excluded: it is configuration). */
export function traceStrings(trace: AbstractTrace): [string, string][] {
  const { exposure: _e, ...scanned } = trace;
  return [...strings(scanned, '')];
}

/** All leaks of an abstract trace (or any record built on one). Empty means it may be stored. */
export function findLeaks(trace: AbstractTrace, dictionaries: LeakDictionaries = {}): Leak[] {
  const leaks: Leak[] = [];
  for (const [field, text] of traceStrings(trace)) for (const kind of leaksInText(text, dictionaries)) leaks.push({ kind, field });
  return leaks;
}

/** Throws LeakyTraceError when the trace is not fully abstract. */
export function assertAbstract(trace: AbstractTrace, dictionaries: LeakDictionaries = {}): void {
  const leaks = findLeaks(trace, dictionaries);
  if (leaks.length) throw new LeakyTraceError(leaks);
}
