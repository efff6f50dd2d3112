// Typed publish/subscribe for the contract's events (import progress, graph changes).
import type { EventName, Events } from '../../common/contract.js';

export type EventListener<E extends EventName> = (payload: Events[E]) => void;

export class EventHub {
  private readonly listeners = new Map<EventName, Set<(payload: never) => void>>();

  on<E extends EventName>(event: E, listener: EventListener<E>): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener as (payload: never) => void);
    return () => void set.delete(listener as (payload: never) => void);
  }

  emit<E extends EventName>(event: E, payload: Events[E]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) {
      // A faulty listener (a closed window, a dropped socket) must not break the engine's work.
      try {
        (listener as EventListener<E>)(payload);
      } catch (err) {
        console.error(`ctrlg: listener for ${event} failed:`, err);
      }
    }
  }

  clear(): void {
    this.listeners.clear();
  }
}
