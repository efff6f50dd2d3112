// Sanitizer stage 7a: the session token of each view node, an HMAC of its members' raw ids under the session
// secret (sessionSecret.ts), prefixed by its kind. A one-member group is an entity or a literal token whatever
// merged into it; a rare truncated-HMAC collision inside one view is salted apart.
import type { TokenKind } from '../../core/tokens.js';
import { kindToken } from './sessionSecret.js';
import type { Group } from './viewGroups.js';

/** Token of each group, index-aligned with `groups` (`entities`: local → raw; `ids`: the graph's raw ids). Pure. */
export function groupTokens(groups: readonly Group[], entities: readonly number[], ids: readonly string[], secret: Uint8Array, tokenLength: number): string[] {
  const used = new Set<string>();
  return groups.map((g) => {
    const kind: TokenKind = g.members.length === 1 ? (g.kind === 'literal' ? 'literal' : 'entity') : g.kind;
    // Members in entity-index order: canonical for the set, and far cheaper than sorting id strings.
    const raw = g.members.map((u) => entities[u]).sort((a, b) => a - b);
    const memberIds = raw.map((e) => ids[e]);
    let salt = 0;
    let token = kindToken(secret, kind, memberIds, tokenLength, 0, true);
    while (used.has(token)) token = kindToken(secret, kind, memberIds, tokenLength, ++salt, true);
    used.add(token);
    return token;
  });
}
