// Cross-session linkage: every session draws fresh tokens, so the observer cannot link two sessions by token; it
// can by what the tokens look like. Each entity token's best-ranked candidates (its top tier) are a belief over raw
// entities; two tokens of different sessions are linked by how much belief they share (Σ_x p(x)·q(x)), ties broken
// by how alike their visible (relation, direction) labels are. ASR@1 counts, over tokens whose entity truly appears
// in another session, how often the best link (random among ties) is that entity. Seeded and bounded.
import { createPrng, sampleIndices } from '../../../random/prng.js';
import type { SessionTruth } from './attackInputs.js';
import type { SessionAttack } from './attackSession.js';
import { topTier } from './rankCandidates.js';

export interface LinkageFigures {
  /** Sessions compared (drawn at random, seeded, among those with entity tokens). */
  sessions: number;
  /** Entity tokens in them. */
  tokens: number;
  /** Tokens whose entity appears in another of these sessions (the denominator). */
  eligible: number;
  /** Eligible tokens evaluated (all of them unless the pair cap sampled some). */
  evaluated: number;
  asr_at_1: number;
  /**
   * Correct links expected over all eligible tokens (asr_at_1 × eligible): comparable between views even when one
   * leaves so few tokens linkable that its asr_at_1 rests on a handful of them.
   */
  expected_links: number;
  /** What a blind guess among the other sessions' tokens would score, for comparison. */
  chance: number;
}

export interface LinkageOptions {
  sessions: number;
  seed?: number;
  /** Most (token, other token) comparisons; beyond it eligible tokens are sampled. */
  maxPairs?: number;
  /** Most members of a top tier kept as a token's belief. */
  tierCap?: number;
}

interface LinkToken {
  session: number;
  name: string | undefined;
  tier: Int32Array;
  weight: number;
  signature: Set<string>;
}

/** Linkage figures over `attacks` (truth by index, for scoring only). Pure and seeded. */
export function linkageAttack(attacks: readonly SessionAttack[], truths: ReadonlyMap<number, SessionTruth>, sessionIds: readonly number[], options: LinkageOptions): LinkageFigures {
  const rng = createPrng(options.seed ?? 1);
  const withTokens = attacks.map((a, k) => k).filter((k) => attacks[k].verdicts.length > 0);
  const chosen = [...sampleIndices(withTokens.length, options.sessions, rng)].map((j) => withTokens[j]).sort((a, b) => a - b);
  const tokens: LinkToken[] = [];
  for (const k of chosen) {
    const truth = truths.get(sessionIds[k]);
    for (const v of attacks[k].verdicts) {
      const tier = topTier(v.candidates, v.scores, options.tierCap ?? 512);
      tokens.push({ session: k, name: truth?.mapping.get(v.token)?.[0], tier: tier.members, weight: tier.size ? 1 / tier.size : 0, signature: new Set(v.signature) });
    }
  }
  // Which sessions each truth name appears in, to find the eligible tokens.
  const sessionsOf = new Map<string, Set<number>>();
  for (const t of tokens) if (t.name !== undefined) (sessionsOf.get(t.name) ?? sessionsOf.set(t.name, new Set()).get(t.name)!).add(t.session);
  let eligible = tokens.map((t, id) => id).filter((id) => {
    const name = tokens[id].name;
    return name !== undefined && sessionsOf.get(name)!.size > 1;
  });
  const total = eligible.length;
  const maxPairs = options.maxPairs ?? 2_000_000;
  if (eligible.length * tokens.length > maxPairs) {
    const keep = Math.max(1, Math.floor(maxPairs / Math.max(1, tokens.length)));
    eligible = [...sampleIndices(eligible.length, keep, rng)].map((j) => eligible[j]).sort((a, b) => a - b);
  }
  // Raw entity → tokens whose belief holds it.
  const holders = new Map<number, number[]>();
  tokens.forEach((t, id) => t.tier.forEach((x) => (holders.get(x) ?? holders.set(x, []).get(x)!).push(id)));
  let hits = 0;
  let chance = 0;
  for (const id of eligible) {
    const t = tokens[id];
    const shared = new Map<number, number>();
    for (const x of t.tier) for (const u of holders.get(x) ?? []) if (tokens[u].session !== t.session) shared.set(u, (shared.get(u) ?? 0) + t.weight * tokens[u].weight);
    let best = 0;
    for (const s of shared.values()) best = Math.max(best, s);
    const others = tokens.map((u, uid) => uid).filter((uid) => tokens[uid].session !== t.session);
    // Without shared belief every other token is as good a link as any: the signatures alone decide.
    const pool = best > 0 ? [...shared].filter(([, s]) => s >= best * (1 - 1e-9)).map(([u]) => u) : others;
    const alike = pool.map((u) => jaccard(t.signature, tokens[u].signature));
    const top = Math.max(...alike);
    const tier = pool.filter((_, j) => alike[j] === top);
    hits += tier.filter((u) => tokens[u].name === t.name).length / tier.length;
    chance += others.filter((u) => tokens[u].name === t.name).length / others.length;
  }
  const n = eligible.length;
  return { sessions: chosen.length, tokens: tokens.length, eligible: total, evaluated: n, asr_at_1: n ? round(hits / n) : 0, expected_links: n ? round((hits / n) * total) : 0, chance: n ? round(chance / n) : 0 };
}

function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let both = 0;
  for (const x of a) if (b.has(x)) both++;
  return both / (a.size + b.size - both);
}

function round(x: number): number {
  return Math.round(x * 10000) / 10000;
}
