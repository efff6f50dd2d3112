// What the answering pipeline needs from a selector: a detailed selection for a question, and whether the model
// was trained on this graph's content. GraspSelector (loadGraspSelector) satisfies it; tests and benchmarks may
// pass one built in memory with createGraspSelector.
import type { GraspSelector } from './graspSelector.js';

export type GraspSelectorLike = Pick<GraspSelector, 'selectDetailed'> & Partial<Pick<GraspSelector, 'matches' | 'meta'>>;
