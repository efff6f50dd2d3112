// The payload guard's question of the attack — which entity tokens would the observer name with more than a given
// probability? — answered one candidate at a time where it can be. The whole attack builds every token's candidate
// set over the whole graph, so on a large graph it costs as much for a token that fits thousands of entities as for
// one that fits a handful; the guard only needs to know that enough fit.
//
// Per token: its truth's score s* (rankCandidates), then candidates from its rarest key's holders, each tested for
// surviving the refinement by walking its own neighbourhood (x survives r rounds when every arc matches a neighbour
// surviving r − 1 rounds at the other end: arcRefinement's arc consistency, read for one candidate). One survivor
// scored below s* takes the truth off the top tier (risk 0); enough survivors tied with it dilute it to the bound;
// a scan that ends first has counted the whole tier (the exact risk).
//
// The same figures as the whole attack's: the walk is the refinement without its two global steps, and neither can
// act when the walk succeeds. A token pinned to one entity (takePinned) has a set of one, so each token's set is
// shown to hold a second survivor or the whole attack answers; a cluster label (narrowLabels) is not walked at all.
// A token with no truth, or a walk past its budget, also goes to the whole attack. Checked against the whole attack
// on every guard call of bench:exposure's nine sets (1,662 calls, 832 with a token above the bound) and of
// bench:scale at 16 copies: equal.
import { sortedHas } from '../../../graph/sortedSearch.js';
import { edgeKey, keyStart, type ReferenceIndex } from './referenceIndex.js';
import { attackSession } from './attackSession.js';
import type { ObservedSession } from './observedSession.js';
import { candidateScore, candidateScoreFloor, expectedHitAtK, scoredShape, tierHit, type ScoredShape } from './rankCandidates.js';
import { sessionModel, type AttackModel } from './sessionModel.js';
import { bandOf, fitsSignature, startList, visibleSignature, type VisibleSignature } from './signatureCandidates.js';

/** Edges walked over all candidate checks of one call before the whole attack is cheaper to run. */
const WALK_BUDGET = 2_000_000;

/** A neighbour's candidates replace a token's own start list only when they are this many times fewer. */
const SOURCE_GAIN = 4;

/**
 * Every entity token of the session whose rank-1 risk (expectedHitAtK over its true entities, `membersOf`) is above
 * `bound`, with that risk; tokens at or below it are left out. The same figures as the whole attack's. Pure given
 * the index.
 */
export function riskAbove(index: ReferenceIndex, session: ObservedSession, membersOf: (token: string) => readonly number[], bound: number, rounds: number): Map<string, number> {
  const local = localRisks(index, sessionModel(index, session), membersOf, bound, rounds);
  return local ?? new Map([...wholeAttackRisks(index, session, membersOf, rounds)].filter(([, r]) => r > bound));
}

/** Every entity token's rank-1 risk by the whole attack (0 for a token with no truth to score). Pure given the index. */
export function wholeAttackRisks(index: ReferenceIndex, session: ObservedSession, membersOf: (token: string) => readonly number[], rounds: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const v of attackSession(index, session, rounds).verdicts) {
    const truth = new Set(membersOf(v.token));
    out.set(v.token, truth.size ? expectedHitAtK(v.candidates, v.scores, (x) => truth.has(x), 1) : 0);
  }
  return out;
}

/** riskAbove read one token at a time; undefined when only the whole attack can tell. */
export function localRisks(index: ReferenceIndex, model: AttackModel, membersOf: (token: string) => readonly number[], bound: number, rounds: number): Map<string, number> | undefined {
  // A cluster label stands for the relations the whole session can realise (narrowLabels): not walked here.
  if (!model.labels.every((l) => l.raw)) return undefined;
  const walk = new CandidateWalk(index, model);
  const out = new Map<string, number>();
  try {
    for (const [i, t] of model.tokens.entries()) {
      if (t.kind !== 'entity') continue;
      const r = riskOfToken(walk, i, membersOf(t.token), bound, rounds);
      if (r === undefined) return undefined;
      if (r > bound) out.set(t.token, r);
    }
  } catch (e) {
    if (e === OVER_BUDGET) return undefined;
    throw e;
  }
  return out;
}

/**
 * Token i's rank-1 risk, exact when above the bound (at or below it: some value not above it); undefined when the
 * token could be pinned (a set of one) or has no truth to score.
 */
function riskOfToken(walk: CandidateWalk, i: number, members: readonly number[], bound: number, rounds: number): number | undefined {
  // The whole attack reads the truth as a set.
  const truth = [...new Set(members)];
  if (!truth.length || !truth.every((x) => walk.survives(i, x, rounds))) return undefined;
  const best = Math.min(...truth.map((x) => walk.score(i, x)));
  const tied = truth.filter((x) => walk.score(i, x) === best).length;
  const isTruth = new Set(truth);
  let n = tied;
  const source = rounds > 0 ? walk.candidateSource(i) : walk.startList(i);
  for (const x of source) {
    if (isTruth.has(x) || walk.scoreAtLeast(i, x) > best) continue;
    const score = walk.score(i, x);
    if (score > best || !walk.survives(i, x, rounds)) continue;
    if (score < best) return 0;
    const risk = tierHit(++n, tied, 1);
    if (risk <= bound) return risk;
  }
  // The whole top tier is known. A set of one would pin its entity out of the other tokens' sets: one more
  // survivor, of any score, rules that out.
  if (n === 1 && !source.some((x) => !isTruth.has(x) && walk.survives(i, x, rounds))) return undefined;
  return tierHit(n, tied, 1);
}

const OVER_BUDGET = new Error('candidate walk over budget');

/** One session's per-candidate view of the refinement: round-0 fit, survival after r rounds, score; memoised. */
class CandidateWalk {
  private readonly sigs: VisibleSignature[];
  private readonly bands: (Int32Array | undefined)[];
  private readonly shapes: ScoredShape[];
  /** Per token, per round count: candidate → survives that many rounds. */
  private readonly memo: Map<number, boolean>[][];
  private walked = 0;

  constructor(
    private readonly index: ReferenceIndex,
    private readonly model: AttackModel,
  ) {
    this.sigs = model.tokens.map((t) => visibleSignature(model, t));
    this.bands = model.tokens.map((t) => bandOf(index, t));
    this.shapes = model.tokens.map((t) => scoredShape(model, t));
    this.memo = model.tokens.map(() => []);
  }

  /** The list tokenCandidates starts from (signatureCandidates.startList); an aggregate with no band: anything. */
  startList(i: number): Int32Array {
    return startList(this.index, this.model.tokens[i], this.sigs[i]) ?? this.index.entities;
  }

  /**
   * Entities that hold every survivor of token i after a round or more: its start list, or — when a neighbour
   * token's start list is much shorter — the neighbours across that arc of the neighbour's round-0 candidates (a
   * survivor has one of those). A film with a year shows fewer candidates through the year's band than through
   * all the films that have a year.
   */
  candidateSource(i: number): Int32Array {
    const own = this.startList(i);
    let best = own;
    const g = this.index.graph;
    for (const a of this.model.tokens[i].arcs) {
      const u = this.model.tokens[a.other];
      if (u.kind === 'aggregate' && u.band === undefined) continue;
      const from = this.startList(a.other);
      if (from.length * SOURCE_GAIN > best.length) continue;
      const rel = this.model.labels[a.label].relations![0];
      const back = 1 - a.direction;
      const found = new Set<number>();
      let over = false;
      for (const y of from) {
        if (!this.survives(a.other, y, 0)) continue;
        const end = g.offsets[y + 1];
        for (let k = keyStart(g, y, edgeKey(rel, back)); k < end && g.edgeRelation[k] === rel && g.edgeDirection[k] === back; k++) found.add(g.edgeNeighbor[k]);
        if ((over = found.size * SOURCE_GAIN > best.length)) break;
      }
      if (!over) best = Int32Array.from(found).sort();
    }
    return best;
  }

  /** rankCandidates' score of candidate x for token i. */
  score(i: number, x: number): number {
    return candidateScore(this.index, this.shapes[i], x);
  }

  /** A lower bound on score(i, x) from counts alone. */
  scoreAtLeast(i: number, x: number): number {
    return candidateScoreFloor(this.index, this.shapes[i], x);
  }

  /** Whether x is among token i's candidates after r rounds of refinement (pinning and narrowing aside). */
  survives(i: number, x: number, r: number): boolean {
    const t = this.model.tokens[i];
    if (!this.fitsRoundZero(i, x)) return false;
    if (r === 0 || t.kind === 'aggregate') return true;
    const memo = (this.memo[i][r] ??= new Map());
    const hit = memo.get(x);
    if (hit !== undefined) return hit;
    const g = this.index.graph;
    let ok = true;
    for (const a of t.arcs) {
      const other = this.model.tokens[a.other];
      // An aggregate with no band pins nothing (its candidates are "any"): the refinement does not check the arc.
      if (other.kind === 'aggregate' && other.band === undefined) continue;
      const rel = this.model.labels[a.label].relations![0];
      const end = g.offsets[x + 1];
      let found = false;
      for (let k = keyStart(g, x, edgeKey(rel, a.direction)); k < end && g.edgeRelation[k] === rel && g.edgeDirection[k] === a.direction; k++) {
        if (++this.walked > WALK_BUDGET) throw OVER_BUDGET;
        if (this.survives(a.other, g.edgeNeighbor[k], r - 1)) {
          found = true;
          break;
        }
      }
      if (!found) {
        ok = false;
        break;
      }
    }
    memo.set(x, ok);
    return ok;
  }

  /** Whether x is among token i's round-0 candidates (tokenCandidates' test for one entity). */
  private fitsRoundZero(i: number, x: number): boolean {
    const t = this.model.tokens[i];
    const band = this.bands[i];
    if (band && !sortedHas(band, x)) return false;
    return t.kind === 'aggregate' || fitsSignature(this.index, t.kind === 'literal', this.sigs[i], x);
  }
}

