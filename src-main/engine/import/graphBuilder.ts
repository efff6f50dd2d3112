// Accumulates entities and triples for a new database in compact form: entities indexed once, triples as
// three growable Int32Arrays (12 bytes each), so a 10M-triple import holds integers, never the file's text.
import type { LiteralKind } from '../../common/graphTypes.js';
import type { EntityDraft } from './parsedRecord.js';
import { IntColumn } from '../graph/intColumn.js';
import { uniqueTriples } from '../graph/uniqueTriples.js';

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
  /** The last triple's head: files list a subject's triples together, and a string compare beats a hash lookup. */
  private lastHeadId: string | undefined;
  private lastHead = -1;

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
    let hi = this.lastHead;
    // A draft with a type may fill a gap, so it takes the full path.
    if (head.id !== this.lastHeadId || head.type !== undefined) {
      hi = this.entity(head);
      this.lastHeadId = head.id;
      this.lastHead = hi;
    }
    this.h.push(hi);
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
    // A builder builds once: its id index (millions of keys at scale) is garbage before the database load.
    this.index.clear();
    this.labels.clear();
    this.typeFacts.clear();
    const { heads, rels, tails } = uniqueTriples(n, this.h.view(), this.r.view(), this.t.view());
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
