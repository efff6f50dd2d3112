// The browser transport against a real host; ws's WebSocket stands in for the browser's (Node 20 has none).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { Events } from '../../src-main/common/contract.js';
import { createWsBridge } from '../../src-renderer/src/transport/wsBridge.js';
import { readHostToken } from '../../src-renderer/src/transport/getBridge.js';
import { makeHostFixture, type HostFixture } from './hostFixture.js';
import { SMALL_TRIPLES } from '../service/engineFixture.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

describe('createWsBridge', () => {
  let fx: HostFixture;
  const saved = (globalThis as { WebSocket?: unknown }).WebSocket;
  beforeAll(async () => {
    (globalThis as { WebSocket?: unknown }).WebSocket = WebSocket;
    fx = await makeHostFixture();
  });
  afterAll(async () => {
    (globalThis as { WebSocket?: unknown }).WebSocket = saved;
    await fx.dispose();
  });

  it('invokes channels, receives events, and unsubscribes', async () => {
    const bridge = createWsBridge(`ws://127.0.0.1:${fx.host.port}/ws`, fx.host.token);
    expect(await bridge.invoke('graph.list', {})).toEqual({ ok: true, value: [] });
    const bad = await bridge.invoke('graph.stats', { graph: 'nope' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'unknown_graph' } });

    const progress: Events['import.progress'][] = [];
    const changed: Events['graph.changed'][] = [];
    const off = bridge.on('import.progress', (p) => progress.push(p));
    bridge.on('graph.changed', (p) => changed.push(p));
    const file = join(fx.root, 'small.txt');
    writeFileSync(file, SMALL_TRIPLES);
    const [a, b] = await Promise.all([
      bridge.invoke('graph.import', { jobId: 'ui-1', graph: 'g1', file }),
      bridge.invoke('graph.list', {}),
    ]);
    expect(a).toMatchObject({ ok: true, value: { graph: 'g1', triplesTotal: 6 } });
    expect(b.ok).toBe(true);
    // Events are pushed before the reply that ends the job.
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((p) => p.jobId === 'ui-1')).toBe(true);
    expect(changed).toEqual([{ graph: 'g1' }]);

    off();
    const before = progress.length;
    await bridge.invoke('graph.import', { jobId: 'ui-2', graph: 'g2', file });
    expect(progress.length).toBe(before);
  });

  it('fails calls with not_available when the token is wrong, without throwing', async () => {
    const bridge = createWsBridge(`ws://127.0.0.1:${fx.host.port}/ws`, 'wrong');
    expect(await bridge.invoke('graph.list', {})).toMatchObject({ ok: false, error: { code: 'not_available' } });
  });

  it('fails pending calls when the host goes away', async () => {
    const other = await makeHostFixture();
    const bridge = createWsBridge(`ws://127.0.0.1:${other.host.port}/ws`, other.host.token);
    expect((await bridge.invoke('graph.list', {})).ok).toBe(true);
    await other.dispose();
    expect(await bridge.invoke('graph.list', {})).toMatchObject({ ok: false, error: { code: 'not_available' } });
  });
});

describe('readHostToken', () => {
  it('reads the token from the hash and remembers it for reloads', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    expect(readHostToken('#token=abc', storage)).toBe('abc');
    expect(readHostToken('#/graphs/demo', storage)).toBe('abc');
    expect(readHostToken('', undefined)).toBe('');
  });
});
