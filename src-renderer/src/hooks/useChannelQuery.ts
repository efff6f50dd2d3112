// Loads one channel's response for a request and reloads when the request (or a revision) changes.
// Stale responses are dropped, so quickly switching graphs never shows the previous graph's data.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiErrorBody, Channel, RequestOf, Responses } from '../../../src-main/common/contract.js';
import { callChannel } from '../api/callChannel.js';

export interface QueryState<T> {
  value: T | null;
  error: ApiErrorBody | null;
  loading: boolean;
  reload(): void;
}

export function useChannelQuery<C extends Channel>(
  channel: C,
  request: RequestOf<C> | null,
  revision = 0,
): QueryState<Responses[C]> {
  const [value, setValue] = useState<Responses[C] | null>(null);
  const [error, setError] = useState<ApiErrorBody | null>(null);
  const [loading, setLoading] = useState(false);
  const [nonce, setNonce] = useState(0);
  const seq = useRef(0);
  const key = request === null ? null : JSON.stringify(request);

  useEffect(() => {
    if (key === null) {
      setValue(null);
      setError(null);
      return;
    }
    const mine = ++seq.current;
    setLoading(true);
    void callChannel(channel, JSON.parse(key) as RequestOf<C>).then((res) => {
      if (mine !== seq.current) return;
      setLoading(false);
      if (res.ok) {
        setValue(res.value);
        setError(null);
      } else {
        setValue(null);
        setError(res.error);
      }
    });
  }, [channel, key, revision, nonce]);

  const reload = useCallback(() => setNonce((n) => n + 1), []);
  return { value, error, loading, reload };
}
