// Who does what in the question: whether a topic mention is the agent or the patient of a verb written right beside
// it ("who supervised [A]": A is supervised; "who did [A] supervise", "who was supervised by [A]": A supervises). A
// relation whose label is that verb says which of its ends is the agent (supervised_by: the tail; plays_for: the
// head), so the two directions of one relation from A — both reaching people when people supervise people — are told
// apart by grammar, not by which one the graph lists first. Plain English grammar, nothing of any graph.
export type Voice = 'agent' | 'patient';

const BE = new Set(['is', 'are', 'was', 'were', 'be', 'been', 'being']);
const AUX = new Set(['do', 'does', 'did', 'has', 'have', 'had', 'will', 'would', 'can', 'could']);
/** Words before a mention that make it a noun phrase's part ("the [A] head", "the supervisor of [A]"), not a subject. */
const NOT_SUBJECT = new Set(['the', 'a', 'an', 'this', 'that', 'of', 'by', 'from', 'in', 'at', 'with', 'for', 'to', 'on']);

const progressive = (w: string | undefined): boolean => !!w && w.endsWith('ing');

/**
 * The role of the mention at words[m] for a verb next to it (`isVerb` accepts the verb's forms): "[A] supervised",
 * "did [A] supervise", "[A] has supervised", "[A] was supervising": the agent; "[A] was supervised", "was [A]
 * supervised", "[A] supervised by": the patient; "supervised by [A]": the agent; "supervised [A]": the patient.
 * A mention in a possessive (`possessive`: "[A]'s supervisor") plays no role of its own, and one after an article or a
 * preposition ("the [A] head", "the supervisor of [A] supervised") is no subject of the verb after it. Undefined when
 * no such verb stands beside it.
 */
export function mentionVoice(words: readonly string[], m: number, isVerb: (word: string) => boolean, possessive = false): Voice | undefined {
  // "[A]'s supervisor" is the verb's subject or object, not A.
  if (possessive) return undefined;
  const after = words[m + 1];
  if (after !== undefined && !NOT_SUBJECT.has(words[m - 1] ?? '')) {
    if (BE.has(after) && isVerb(words[m + 2] ?? '')) return progressive(words[m + 2]) ? 'agent' : 'patient';
    if (AUX.has(after) && isVerb(words[m + 2] ?? '')) return 'agent';
    // "was [A] directed" (an inverted passive) as "[A] was directed"; "is [A] playing" stays active.
    if (isVerb(after)) return words[m + 2] === 'by' || (BE.has(words[m - 1] ?? '') && !progressive(after)) ? 'patient' : 'agent';
  }
  if (words[m - 1] === 'by' && isVerb(words[m - 2] ?? '')) return 'agent';
  if (m > 0 && isVerb(words[m - 1])) return 'patient';
  return undefined;
}
