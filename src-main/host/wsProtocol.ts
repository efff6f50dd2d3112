// The socket protocol, as JSON text frames:
//   client → server  { "id": number, "channel": string, "request": unknown }
//   server → client  { "id": number | null, "envelope": Envelope }   (null when the frame had no usable id)
//                    { "event": string, "payload": unknown }
import type { Envelope } from '../common/contract.js';

export interface CallFrame {
  id: number;
  channel: string;
  request: unknown;
}

export interface ReplyFrame {
  id: number | null;
  envelope: Envelope<unknown>;
}

export interface EventFrame {
  event: string;
  payload: unknown;
}

export type ParsedFrame = { ok: true; call: CallFrame } | { ok: false; reply: ReplyFrame };

function invalid(id: number | null, message: string): ParsedFrame {
  return { ok: false, reply: { id, envelope: { ok: false, error: { code: 'invalid_request', message } } } };
}

/** Reads one client frame; anything malformed becomes the error reply to send back. */
export function parseCallFrame(data: string): ParsedFrame {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return invalid(null, 'Frame is not valid JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return invalid(null, 'Frame must be a JSON object.');
  const frame = value as Record<string, unknown>;
  const id = typeof frame.id === 'number' && Number.isSafeInteger(frame.id) ? frame.id : null;
  if (id === null) return invalid(null, 'Frame needs an integer "id".');
  if (typeof frame.channel !== 'string') return invalid(id, 'Frame needs a string "channel".');
  return { ok: true, call: { id, channel: frame.channel, request: frame.request } };
}
