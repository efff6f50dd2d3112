// Event subscription that never throws: a missing bridge shows up as an error on the first call instead.
import type { EventName, Events } from '../../../src-main/common/contract.js';
import { getBridge } from '../transport/getBridge.js';

export function subscribe<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void {
  try {
    return getBridge().on(event, listener);
  } catch (err) {
    console.error(`ctrlg: cannot subscribe to ${event}`, err);
    return () => {};
  }
}
