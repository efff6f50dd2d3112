// Small display helpers for the ask panel: durations, scores and long HMAC tokens.

export function formatMs(ms: number): string {
  if (ms < 1) return '< 1 ms';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

export function formatScore(score: number): string {
  return Number.isFinite(score) ? score.toFixed(3) : '—';
}

/**
 * Entity tokens are long HMAC digests (`E_3fa9…`); six characters tell them apart on screen, and the full
 * token stays in the element's title. Anything else (literal buckets, supernode labels) is shown as is.
 */
export function shortToken(token: string): string {
  const m = /^([A-Za-z]+_)([0-9a-f]{8,})$/.exec(token);
  return m ? `${m[1]}${m[2]!.slice(0, 4)}…` : token;
}
