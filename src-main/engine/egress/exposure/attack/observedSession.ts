// One session as the observer sees it: every payload of one question shares its tokens (one session secret), so
// their paths merge into one observed graph. Anchors, bridges (entity tokens inside a path, neither end) and the
// deduplicated visible edges are what the attack works on.
import type { TokenKind } from '../../../core/tokens.js';
import { parsePayloadText, tokenKind, type ObservedEdge } from './observedPayload.js';

export interface ObservedSession {
  /** Every token on an ANCHORS or candidate-path line, with the kind its prefix tells. */
  tokens: Map<string, TokenKind>;
  anchors: string[];
  /** Entity tokens interior to at least one candidate path. */
  bridges: Set<string>;
  /** Visible edges, each (head, label, tail) once. */
  edges: ObservedEdge[];
  bands: Map<string, string>;
  payloads: number;
  /** Path-like lines that did not parse, over all payloads. */
  malformed: number;
}

/** Merges the payload texts of one session into its observed graph. Pure. */
export function observeSession(texts: readonly string[]): ObservedSession {
  const s: ObservedSession = { tokens: new Map(), anchors: [], bridges: new Set(), edges: [], bands: new Map(), payloads: texts.length, malformed: 0 };
  const seenEdge = new Set<string>();
  const note = (t: string): void => {
    const k = tokenKind(t);
    if (k) s.tokens.set(t, k);
  };
  for (const text of texts) {
    const p = parsePayloadText(text);
    s.malformed += p.malformed;
    for (const a of p.anchors) {
      note(a);
      if (!s.anchors.includes(a)) s.anchors.push(a);
    }
    for (const [t, b] of p.bands) s.bands.set(t, b);
    for (const path of p.paths) {
      path.nodes.forEach((t, i) => {
        note(t);
        if (i > 0 && i < path.nodes.length - 1 && tokenKind(t) === 'entity') s.bridges.add(t);
      });
      for (const e of path.edges) {
        const key = `${e.head}\u0000${e.label}\u0000${e.tail}`;
        if (seenEdge.has(key)) continue;
        seenEdge.add(key);
        s.edges.push(e);
      }
    }
  }
  return s;
}

/** The visible entity tokens of a session (E_ tokens), in first-seen order. */
export function entityTokens(s: ObservedSession): string[] {
  return [...s.tokens].filter(([, k]) => k === 'entity').map(([t]) => t);
}
