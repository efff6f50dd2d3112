// Validates a raw request against the contract's schema, runs the channel's handler, and wraps the
// outcome in an Envelope. Whatever arrives (from IPC or a socket), this never throws.
import { z } from 'zod';
import { requestSchemas, type Channel, type Envelope } from '../../common/contract.js';
import type { EngineContext, Handler } from './engineContext.js';
import { toApiError } from './toApiError.js';

export type HandlerTable = { [C in Channel]: Handler<C> };
export type Dispatch = (channel: string, rawRequest: unknown) => Promise<Envelope<unknown>>;

export function isChannel(channel: unknown): channel is Channel {
  // hasOwn, not `in`: "toString" or "__proto__" must not count as channels.
  return typeof channel === 'string' && Object.hasOwn(requestSchemas, channel);
}

/** Zod issues reduced to plain JSON (paths may hold symbols), safe for structured clone and sockets. */
function issuesOf(error: z.ZodError): { path: (string | number)[]; code: string; message: string }[] {
  return error.issues.map((issue) => ({
    path: issue.path.map((p) => (typeof p === 'number' ? p : String(p))),
    code: issue.code,
    message: issue.message,
  }));
}

export function createDispatch(handlers: HandlerTable, ctx: EngineContext): Dispatch {
  return async (channel, rawRequest) => {
    if (!isChannel(channel))
      return { ok: false, error: { code: 'unknown_channel', message: `Unknown channel "${String(channel)}".` } };
    // A missing request means "no arguments" for the channels that take none.
    const parsed = requestSchemas[channel].safeParse(rawRequest === undefined ? {} : rawRequest);
    if (!parsed.success) {
      return {
        ok: false,
        error: {
          code: 'invalid_request',
          message: `Invalid request for ${channel}: ${z.prettifyError(parsed.error)}`,
          details: issuesOf(parsed.error),
        },
      };
    }
    try {
      const handler = handlers[channel] as Handler<Channel>;
      return { ok: true, value: await handler(parsed.data as never, ctx) };
    } catch (err) {
      const error = toApiError(err);
      if (error.code === 'internal') console.error(`ctrlg: ${channel} failed:`, err);
      return { ok: false, error };
    }
  };
}
