// CtrlgBridge over the headless host's WebSocket, for a plain browser (no preload). Same contract as
// window.ctrlg: invoke resolves to an Envelope and never rejects; events arrive through on().
// Browser code: no Node imports. No reconnects: a dropped socket fails the pending and later calls.
import type { Channel, CtrlgBridge, Envelope, EventName, Events, RequestOf, Responses } from '../../../src-main/common/contract.js';

type AnyListener = (payload: unknown) => void;

function notAvailable(message: string): Envelope<never> {
  return { ok: false, error: { code: 'not_available', message } };
}

/** url: the socket endpoint, e.g. ws://127.0.0.1:5000/ws; token: the host's per-run token. */
export function createWsBridge(url: string, token: string): CtrlgBridge {
  const endpoint = new URL(url);
  endpoint.searchParams.set('token', token);
  const socket = new WebSocket(endpoint.href);
  const pending = new Map<number, (envelope: Envelope<unknown>) => void>();
  const listeners = new Map<string, Set<AnyListener>>();
  let nextId = 1;
  let closedReason: string | null = null;

  const opened = new Promise<void>((resolve) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    // Resolving on close too lets queued calls see closedReason instead of waiting forever.
    socket.addEventListener('close', () => resolve(), { once: true });
  });

  socket.addEventListener('message', (message: MessageEvent) => {
    if (typeof message.data !== 'string') return;
    let frame: { id?: unknown; envelope?: Envelope<unknown>; event?: unknown; payload?: unknown };
    try {
      frame = JSON.parse(message.data) as typeof frame;
    } catch {
      return;
    }
    if (typeof frame.event === 'string') {
      for (const listener of [...(listeners.get(frame.event) ?? [])]) listener(frame.payload);
      return;
    }
    if (typeof frame.id === 'number' && frame.envelope) {
      const settle = pending.get(frame.id);
      pending.delete(frame.id);
      settle?.(frame.envelope);
    }
  });

  // A refused or dropped connection is reported through 'close'; listening here keeps it from being an
  // unhandled error (and lets the same code run over Node's ws in tests).
  socket.addEventListener('error', () => undefined);

  socket.addEventListener('close', (event: CloseEvent) => {
    closedReason = `The connection to the Ctrl-G host closed${event.reason ? `: ${event.reason}` : ''}. Reload the page to reconnect.`;
    for (const settle of pending.values()) settle(notAvailable(closedReason));
    pending.clear();
  });

  return {
    async invoke<C extends Channel>(channel: C, request: RequestOf<C>): Promise<Envelope<Responses[C]>> {
      await opened;
      if (closedReason !== null || socket.readyState !== WebSocket.OPEN)
        return notAvailable(closedReason ?? 'Not connected to the Ctrl-G host.');
      const id = nextId++;
      return new Promise<Envelope<Responses[C]>>((resolve) => {
        pending.set(id, resolve as (envelope: Envelope<unknown>) => void);
        socket.send(JSON.stringify({ id, channel, request }));
      });
    },

    on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      const wrapped = listener as AnyListener;
      set.add(wrapped);
      return () => void set.delete(wrapped);
    },
  };
}
