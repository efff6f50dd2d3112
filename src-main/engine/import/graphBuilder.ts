// Accumulates entities and triples for a new database in compact form: entities indexed once, triples as
// three growable Int32Arrays (12 bytes each), so a 10M-triple import holds integers, never the file's text.
import type { LiteralKind } from '../../common/graphTypes.js';
import type { EntityDraft } from './parsedRecord.js';
import { IntColumn } from '../graph/intColumn.js';

export interface BuiltGraph {
  ids: string[];
  names: string[];
  types: (string | undefined)[];
  literals: (LiteralKind | undefined)[];
  relationLabels: string[];
  /** Unique triples sorted by (head, relation, tail). */
  heads: Int32Array;
  rels: Int32Array;
  tails: Int32Array;
  degree: Int32Array;
}

export class GraphBuilder {
  private readonly index = new Map<string, number>();
  private readonly ids: string[] = [];
  private readonly names: string[] = [];
  private readonly types: (string | undefined)[] = [];
  private readonly literals: (LiteralKind | undefined)[] = [];
  private readonly relIndex = new Map<string, number>();
  private readonly relLabels: string[] = [];
  private readonly h = new IntColumn();
  private readonly r = new IntColumn();
  private readonly t = new IntColumn();
  /** rdfs:label / rdf:type facts, applied at build time because they may precede their entity's triples. */
  private readonly labels = new Map<string, string>();
  private readonly typeFacts = new Map<string, string>();

  get tripleCount(): number {
    return this.h.length;
  }

  /** Adds an entity, or returns the existing one; first name/literal wins, a type fills a gap. */
  entity(d: EntityDraft): number {
    let i = this.index.get(d.id);
    if (i === undefined) {
      i = this.ids.length;
      this.index.set(d.id, i);
      this.ids.push(d.id);
      this.names.push(d.name);
      this.types.push(d.type);
      this.literals.push(d.literal);
    } else if (d.type !== undefined && this.types[i] === undefined) {
      this.types[i] = d.type;
    }
    return i;
  }

  triple(head: EntityDraft, relation: string, tail: EntityDraft): void {
    let ri = this.relIndex.get(relation);
    if (ri === undefined) {
      ri = this.relLabels.length;
      this.relIndex.set(relation, ri);
      this.relLabels.push(relation);
    }
    this.h.push(this.entity(head));
    this.r.push(ri);
    this.t.push(this.entity(tail));
  }

  label(id: string, name: string): void {
    this.labels.set(id, name);
  }

  type(id: string, type: string): void {
    this.typeFacts.set(id, type);
  }

  build(): BuiltGraph {
    const n = this.ids.length;
    for (const [id, name] of this.labels) {
      const i = this.index.get(id);
      if (i !== undefined) this.names[i] = name;
    }
    for (const [id, type] of this.typeFacts) {
      const i = this.index.get(id);
      if (i !== undefined) this.types[i] = type;
    }
    const { heads, rels, tails } = dedupeSorted(n, this.h, this.r, this.t);
    const degree = new Int32Array(n);
    const isHead = new Uint8Array(n);
    for (let k = 0; k < heads.length; k++) {
      degree[heads[k]]++;
      degree[tails[k]]++;
      isHead[heads[k]] = 1;
    }
    // A number-looking name that is the head of a triple is a thing (the film "1984"), not a literal value.
    for (let i = 0; i < n; i++) if (isHead[i] && this.literals[i] !== 'string') this.literals[i] = undefined;
    return { ids: this.ids, names: this.names, types: this.types, literals: this.literals, relationLabels: this.relLabels, heads, rels, tails, degree };
  }
}

/** Counting sort by head, then a numeric sort of (relation, tail) keys within each head; drops duplicates. */
function dedupeSorted(n: number, h: IntColumn, r: IntColumn, t: IntColumn) {
  const [hv, rv, tv] = [h.view(), r.view(), t.view()];
  const m = h.length;
  const start = new Int32Array(n + 1);
  for (let k = 0; k < m; k++) start[hv[k] + 1]++;
  for (let i = 0; i < n; i++) start[i + 1] += start[i];
  const fill = start.slice(0, n);
  // key = relation * n + tail: below 2^53 for any realistic graph, exact in a Float64.
  const keys = new Float64Array(m);
  for (let k = 0; k < m; k++) keys[fill[hv[k]]++] = rv[k] * n + tv[k];
  const heads = new Int32Array(m);
  const rels = new Int32Array(m);
  const tails = new Int32Array(m);
  let out = 0;
  for (let i = 0; i < n; i++) {
    const group = keys.subarray(start[i], start[i + 1]);
    if (group.length > 1) group.sort();
    let prev = -1;
    for (const key of group) {
      if (key === prev) continue;
      prev = key;
      heads[out] = i;
      rels[out] = Math.floor(key / n);
      tails[out] = key - Math.floor(key / n) * n;
      out++;
    }
  }
  return { heads: heads.subarray(0, out), rels: rels.subarray(0, out), tails: tails.subarray(0, out) };
}
