// The strategy of each reasoning mode: an answer node runs the one its mode names.
import type { ReasoningMode } from '../reasoningTree.js';
import type { NodeStrategy } from './nodeStrategy.js';
import { predictStrategy } from './predictStrategy.js';
import { refineStrategy } from './refineStrategy.js';
import { topicStrategy } from './topicStrategy.js';

export const MODE_STRATEGIES: Readonly<Record<ReasoningMode, NodeStrategy>> = {
  Topic: topicStrategy,
  Refine: refineStrategy,
  Predict: predictStrategy,
};

/** Runs one answer node in its mode; undefined when the mode has nothing to try (the node is pruned). */
export const runNode: NodeStrategy = (s, node, ctx) => MODE_STRATEGIES[node.mode](s, node, ctx);
