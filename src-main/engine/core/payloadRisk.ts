// Port: how much a payload would let an observer who holds a copy of the graph name its tokens. The attacker
// (egress/exposure/attack) implements it; the QA engine's payload guard asks it before a ranking payload is final,
// so what could be sent is trimmed against the same attack the exposure measurement runs.
export interface PayloadRisk {
  /**
   * Per entity token of the payload text(s): the probability that the observer names it at rank 1, reading them
   * together (the payloads of one question share its tokens; ties broken at random). `membersOf` gives the raw
   * entities behind a token: the truth, known to the caller only.
   */
  tokenRisk(text: string | readonly string[], membersOf: (token: string) => readonly number[]): ReadonlyMap<string, number>;
  /**
   * The entity tokens whose tokenRisk is above `bound` (≥ 0), with that risk; the rest are left out. What the payload
   * guard asks: on a large graph it is answered from a few candidates per token instead of whole candidate sets.
   */
  riskAbove(text: string | readonly string[], membersOf: (token: string) => readonly number[], bound: number): ReadonlyMap<string, number>;
  /**
   * Per entity token of `text`: how many raw entities fit what the observer sees (its anonymity set; 1: it can be
   * named). Needs no truth, so the approval dialog can show it for any payload, edited ones included.
   */
  anonymity(text: string): ReadonlyMap<string, number>;
}
