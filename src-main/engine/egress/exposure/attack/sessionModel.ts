// The observed session as the attack's constraint graph: one node per token (its kind and band) and, on both ends of
// every visible edge, an arc saying "this token has an edge of this label, in this direction, to that token".
// A label that is a raw relation name means that relation; any other label (a cluster label `R3`) starts as
// "any relation" and is narrowed to the relations the session can realise (arcRefinement.ts).
import { DIR_IN, DIR_OUT } from '../../../graph/memoryGraph.js';
import type { TokenKind } from '../../../core/tokens.js';
import type { ReferenceIndex } from './referenceIndex.js';
import type { ObservedSession } from './observedSession.js';

export interface AttackArc {
  /** Index of the token at the other end. */
  other: number;
  /** Index into AttackModel.labels. */
  label: number;
  /** DIR_OUT when this token is the edge's head. */
  direction: number;
}

export interface AttackToken {
  token: string;
  kind: TokenKind;
  band?: string;
  arcs: AttackArc[];
}

export interface VisibleLabel {
  text: string;
  /** The raw relations this label can stand for; null: any relation of the graph. */
  relations: Int32Array | null;
  /** Whether the label is a raw relation name (then `relations` is exactly that one relation). */
  raw: boolean;
}

export interface AttackModel {
  tokens: AttackToken[];
  indexOf: Map<string, number>;
  labels: VisibleLabel[];
}

/** Builds the constraint graph of a session against the reference graph's relation names. Pure. */
export function sessionModel(index: ReferenceIndex, s: ObservedSession): AttackModel {
  const tokens: AttackToken[] = [];
  const indexOf = new Map<string, number>();
  for (const [token, kind] of s.tokens) {
    indexOf.set(token, tokens.length);
    const band = s.bands.get(token);
    tokens.push({ token, kind, ...(band !== undefined ? { band } : {}), arcs: [] });
  }
  const labels: VisibleLabel[] = [];
  const labelIds = new Map<string, number>();
  const labelId = (text: string): number => {
    let id = labelIds.get(text);
    if (id === undefined) {
      const r = index.graph.relationIndexOf(text);
      id = labels.length;
      labels.push(r !== undefined ? { text, relations: Int32Array.of(r), raw: true } : { text, relations: null, raw: false });
      labelIds.set(text, id);
    }
    return id;
  };
  for (const e of s.edges) {
    const h = indexOf.get(e.head);
    const t = indexOf.get(e.tail);
    if (h === undefined || t === undefined) continue;
    const label = labelId(e.label);
    tokens[h].arcs.push({ other: t, label, direction: DIR_OUT });
    tokens[t].arcs.push({ other: h, label, direction: DIR_IN });
  }
  return { tokens, indexOf, labels };
}
