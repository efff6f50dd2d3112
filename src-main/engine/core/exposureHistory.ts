// What left before: the exposure report asks this for each item of a payload. The ledger answers it for real
// (keyed by raw entities behind the tokens, since tokens change every question); NO_HISTORY says "all new".
import type { ExposedItemStatus } from '../../common/brainTypes.js';

export interface ExposureHistory {
  entity(token: string): ExposedItemStatus;
  edge(head: string, relation: string, tail: string): ExposedItemStatus;
  relation(label: string): ExposedItemStatus;
  literal(value: string): ExposedItemStatus;
}

const NEW: ExposedItemStatus = { newInSession: true, newEver: true };

export const NO_HISTORY: ExposureHistory = {
  entity: () => NEW,
  edge: () => NEW,
  relation: () => NEW,
  literal: () => NEW,
};
