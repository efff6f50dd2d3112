// The tokens a payload showed: a reply may only mention these (anything else was invented).
import type { BrainPayload } from '../../../../common/brainTypes.js';
import { TOKEN_PATTERN } from '../../../core/tokens.js';
import type { Rejection } from '../brain.js';

export function payloadTokens(p: BrainPayload): Set<string> {
  return new Set(p.text.match(new RegExp(TOKEN_PATTERN.source, 'g')) ?? []);
}

/** Replaces invented tokens in free text with "[?]" and reports them. */
export function scrubInventedTokens(text: string, known: ReadonlySet<string>, where: string, rejected: Rejection[]): string {
  return text.replace(new RegExp(TOKEN_PATTERN.source, 'g'), (t) => {
    if (known.has(t)) return t;
    rejected.push({ kind: 'token', value: t, where });
    return '[?]';
  });
}

export function hasInventedToken(text: string, known: ReadonlySet<string>): string[] {
  return (text.match(new RegExp(TOKEN_PATTERN.source, 'g')) ?? []).filter((t) => !known.has(t));
}
