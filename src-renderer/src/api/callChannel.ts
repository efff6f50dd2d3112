// The renderer's single way to reach the engine: every call resolves to an Envelope, even when the
// transport itself fails, so components can always render an inline error instead of throwing.
import type { ApiErrorBody, Channel, Envelope, RequestOf, Responses } from '../../../src-main/common/contract.js';
import { getBridge } from '../transport/getBridge.js';

export async function callChannel<C extends Channel>(
  channel: C,
  request: RequestOf<C>,
): Promise<Envelope<Responses[C]>> {
  try {
    return await getBridge().invoke(channel, request);
  } catch (err) {
    return { ok: false, error: transportError(err) };
  }
}

export function transportError(err: unknown): ApiErrorBody {
  const message = err instanceof Error ? err.message : String(err);
  return { code: 'internal', message: `Could not reach the engine: ${message}` };
}
