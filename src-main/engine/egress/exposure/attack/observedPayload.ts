// What an observer of the Brain channel sees, read back from payload text alone (payload/payloadText.ts renders it):
// the anchors, and each candidate path `P<n>. TOKEN -[relation]-> TOKEN <-[relation]- TOKEN`, a token perhaps
// carrying a literal band `A_x(100–1k)`, a selection line ending in ` (p=0.123)`. Nothing here reads the mapping:
// the attack must work from exactly what leaves the machine.
import { TOKEN_PREFIX, type TokenKind } from '../../../core/tokens.js';

/** One visible edge as the payload shows it, oriented head → tail. */
export interface ObservedEdge {
  head: string;
  label: string;
  tail: string;
}

/** One candidate path: its tokens in order and the edges between them (`edges[i]` joins nodes i and i+1). */
export interface ObservedPath {
  nodes: string[];
  edges: ObservedEdge[];
}

/** One payload parsed: what a single Brain call shows. */
export interface ParsedPayload {
  anchors: string[];
  paths: ObservedPath[];
  /** Literal band each token carries where the payload shows one (`100–1k`, `1994`, `1990s`). */
  bands: Map<string, string>;
  /** Lines that looked like candidate paths but did not parse. */
  malformed: number;
}

const KIND_OF_PREFIX = new Map<string, TokenKind>(Object.entries(TOKEN_PREFIX).map(([k, p]) => [p, k as TokenKind]));
const TOKEN_AT = /^[ESLA]_[0-9a-f]{4,64}/;
const PATH_PREFIX = /^P\d+\.\s*/;
const SELECTION_SUFFIX = /\s+\(p=[0-9.eE+-]+\)\s*$/;

/** Kind of a token from its prefix (E_ entity, S_ supernode, L_ literal, A_ aggregate). */
export function tokenKind(token: string): TokenKind | undefined {
  return KIND_OF_PREFIX.get(token.slice(0, 2));
}

/** Parses one payload's text. Unknown lines are ignored; path-like lines that do not parse are counted. Pure. */
export function parsePayloadText(text: string): ParsedPayload {
  const out: ParsedPayload = { anchors: [], paths: [], bands: new Map(), malformed: 0 };
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('ANCHORS:')) {
      out.anchors = line.slice('ANCHORS:'.length).split(/\s+/).filter((t) => TOKEN_AT.test(t));
      continue;
    }
    const hasPrefix = PATH_PREFIX.test(line);
    const body = line.replace(PATH_PREFIX, '').replace(SELECTION_SUFFIX, '');
    // A path line starts with a token (or its P<n>. prefix); QUESTION, INDICATOR and the rest do not.
    if (!hasPrefix && !TOKEN_AT.test(body)) continue;
    const path = parsePathText(body, out.bands);
    if (path) out.paths.push(path);
    else out.malformed++;
  }
  return out;
}

/** One path body (no prefix, no probability) → its nodes and edges, recording bands; undefined when malformed. */
export function parsePathText(body: string, bands: Map<string, string>): ObservedPath | undefined {
  const nodes: string[] = [];
  const edges: ObservedEdge[] = [];
  let at = 0;
  const readNode = (): string | undefined => {
    const m = TOKEN_AT.exec(body.slice(at));
    if (!m) return undefined;
    at += m[0].length;
    if (body[at] === '(') {
      // A band may nest parentheses (a negative band reads `-(10–100)`): read to the balancing one.
      let depth = 0;
      const start = at;
      for (; at < body.length; at++) {
        if (body[at] === '(') depth++;
        else if (body[at] === ')' && --depth === 0) break;
      }
      if (depth !== 0) return undefined;
      bands.set(m[0], body.slice(start + 1, at));
      at++;
    }
    return m[0];
  };
  const first = readNode();
  if (!first) return undefined;
  nodes.push(first);
  while (at < body.length) {
    const rest = body.slice(at);
    // Lazy labels, closed by the arrow's own end, so a label may hold a `]` (RDF names sometimes do).
    const arrow = /^\s+(<-\[(.*?)\]-|-\[(.*?)\]->)\s+/.exec(rest);
    if (!arrow) return undefined;
    at += arrow[0].length;
    const next = readNode();
    if (!next) return undefined;
    const prev = nodes[nodes.length - 1];
    edges.push(arrow[2] !== undefined ? { head: next, label: arrow[2], tail: prev } : { head: prev, label: arrow[3], tail: next });
    nodes.push(next);
  }
  return { nodes, edges };
}
