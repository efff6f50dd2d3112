// The experience plug-in of the controller: retrieved experience sets a node's starting mode and depth (InitPolicy)
// and warns about branches that failed on similar questions (NextStep prunes them early). The memory engineer's
// store implements this interface; the default is no provider, and the controller then runs on D_predict alone.
// Everything crossing this interface is abstract: the anonymised question, visible labels, roles — no raw names.
import type { Direction } from '../../common/graphTypes.js';
import type { ReasoningMode } from './reasoningTree.js';

export interface ExperienceQuery {
  /** The question as the view shows it: mentions replaced by this session's tokens. */
  anonymizedQuestion: string;
  /** Anchor tokens in indicator order (for role substitution: ANCHOR_1, ANCHOR_2, …). */
  anchors: string[];
  /** The first indicator, in visible labels. */
  indicator: { chain: { relation: string; direction: Direction; confidence: number }[]; answerPosition: number; dPredict: number };
  /** Exposure mode π of the session: a provider must only return traces learned under the same one. */
  exposure: { relations: 'labels' | 'clustered'; k: number; dates: 'year' | 'decade'; schemaTypes: boolean; supernodes: boolean };
}

/** What an earlier, similar question suggests for this one. */
export interface ExperienceSuggestion {
  /** Similarity of the experience to this question, in [-1, 1]; better first. */
  score: number;
  mode?: ReasoningMode;
  depth?: number;
  /** The chain that verified there, in visible labels (a hint; the analysis still decides what is accepted). */
  indicator?: { chain: { relation: string; direction: Direction }[]; answerPosition: number };
}

/**
 * A branch that failed on a similar question. `chain` uses the memory's role rendering,
 * `ANCHOR_1 -rel-> BRIDGE_1 <-rel- ANSWER` (see chainSignature): a node whose (mode, depth, chain) match is pruned
 * before it runs. `depth` absent matches any depth.
 */
export interface ExperienceWarning {
  score: number;
  mode: ReasoningMode;
  depth?: number;
  chain: string;
  reason: string;
}

export interface ExperienceReport {
  suggestions: ExperienceSuggestion[];
  warnings: ExperienceWarning[];
  /** Experiences retrieved for this question (memory_hits in eval predictions). */
  hits: number;
}

/** Retrieval of experience for one question; called once per question, before the tree is built. */
export interface ExperienceProvider {
  retrieve(query: ExperienceQuery): Promise<ExperienceReport>;
}

export const NO_EXPERIENCE: ExperienceReport = { suggestions: [], warnings: [], hits: 0 };

/** Role rendering of a chain from ANCHOR_1 (ANSWER at answerPosition, BRIDGE_j elsewhere), as the memory writes it. */
export function chainSignature(chain: readonly { relation: string; direction: Direction }[], answerPosition: number): string {
  let out = 'ANCHOR_1';
  let bridge = 0;
  chain.forEach((s, i) => {
    const role = i + 1 === answerPosition ? 'ANSWER' : `BRIDGE_${++bridge}`;
    out += ` ${s.direction === 'out' ? `-${s.relation}->` : `<-${s.relation}-`} ${role}`;
  });
  return out;
}

/** The first warning that matches a node about to run, if any. */
export function matchingWarning(warnings: readonly ExperienceWarning[], node: { mode: ReasoningMode; depth: number; chain: string }): ExperienceWarning | undefined {
  return warnings.find((w) => w.mode === node.mode && (w.depth === undefined || w.depth === node.depth) && w.chain === node.chain);
}
