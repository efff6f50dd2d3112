// Session token shapes: every layer that must recognise a token (sanitizer, Brain roles, memory checks) uses these.
export type TokenKind = 'entity' | 'supernode' | 'literal' | 'aggregate';
export const TOKEN_PREFIX: Record<TokenKind, string> = { entity: 'E_', supernode: 'S_', literal: 'L_', aggregate: 'A_' };
/** Matches any token this module mints (prefix + lowercase hex). */
export const TOKEN_PATTERN = /\b[ESLA]_[0-9a-f]{4,64}\b/g;

/**
 * A relation label the payload guard generalised: its relation cluster under a per-question HMAC name. The name
 * changes every question, so records that count labels across questions (the exposure ledger) count these as one.
 */
export const GENERALISED_RELATION = /^R_[0-9a-f]{6}$/;
export const GENERALISED_RELATION_BUCKET = '(generalised relation)';

/** The label a cross-question record keeps: itself, or the one bucket for every generalised label. */
export function recordedRelation(label: string): string {
  return GENERALISED_RELATION.test(label) ? GENERALISED_RELATION_BUCKET : label;
}
