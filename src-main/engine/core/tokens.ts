// Session token shapes: every layer that must recognise a token (sanitizer, Brain roles, memory checks) uses these.
export type TokenKind = 'entity' | 'supernode' | 'literal' | 'aggregate';
export const TOKEN_PREFIX: Record<TokenKind, string> = { entity: 'E_', supernode: 'S_', literal: 'L_', aggregate: 'A_' };
/** Matches any token this module mints (prefix + lowercase hex). */
export const TOKEN_PATTERN = /\b[ESLA]_[0-9a-f]{4,64}\b/g;
