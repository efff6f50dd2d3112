// Who does what in the question: whether a topic mention is the agent or the patient of a verb written right beside
// it ("who supervised [A]": A is supervised; "who did [A] supervise", "who was supervised by [A]": A supervises). A
// relation whose label is that verb says which of its ends is the agent (supervised_by: the tail; plays_for: the
// head), so the two directions of one relation from A — both reaching people when people supervise people — are told
// apart by grammar, not by which one the graph lists first. Plain English grammar, nothing of any graph.
export type Voice = 'agent' | 'patient';

const BE = new Set(['is', 'are', 'was', 'were', 'be', 'been', 'being']);
const AUX = new Set(['do', 'does', 'did', 'has', 'have', 'had', 'will', 'would', 'can', 'could']);

/**
 * The role of the mention at words[m] for a verb next to it (`isVerb` accepts the verb's forms): "[A] supervised",
 * "did [A] supervise", "[A] has supervised": the agent; "[A] was supervised", "was [A] supervised", "[A] supervised by":
 * the patient;
 * "supervised by [A]": the agent; "supervised [A]": the patient. Undefined when no such verb stands beside it.
 */
export function mentionVoice(words: readonly string[], m: number, isVerb: (word: string) => boolean): Voice | undefined {
  const after = words[m + 1];
  if (after !== undefined) {
    if (BE.has(after) && isVerb(words[m + 2] ?? '')) return 'patient';
    if (AUX.has(after) && isVerb(words[m + 2] ?? '')) return 'agent';
    // "was [A] directed" (an inverted passive) as "[A] was directed"; "is [A] playing" stays active.
    if (isVerb(after)) return words[m + 2] === 'by' || (BE.has(words[m - 1] ?? '') && !after.endsWith('ing')) ? 'patient' : 'agent';
  }
  if (words[m - 1] === 'by' && isVerb(words[m - 2] ?? '')) return 'agent';
  if (m > 0 && isVerb(words[m - 1])) return 'patient';
  return undefined;
}
