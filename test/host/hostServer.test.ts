import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, exchange, makeHostFixture, rawGet, SECRET, type HostFixture } from './hostFixture.js';

describe('headless host', () => {
  let fx: HostFixture;
  let wsUrl: string;
  beforeAll(async () => {
    fx = await makeHostFixture();
    wsUrl = `ws://127.0.0.1:${fx.host.port}/ws`;
  });
  afterAll(async () => {
    await fx.dispose();
  });

  it('prints a loopback URL that carries the token in the hash', () => {
    expect(fx.host.url).toBe(`http://127.0.0.1:${fx.host.port}/#token=${fx.host.token}`);
  });

  it('refuses the socket without the right token (401)', async () => {
    expect((await connect(wsUrl)).status).toBe(401);
    expect((await connect(`${wsUrl}?token=`)).status).toBe(401);
    expect((await connect(`${wsUrl}?token=${fx.host.token.slice(1)}x`)).status).toBe(401);
    expect((await connect(`ws://127.0.0.1:${fx.host.port}/other?token=${fx.host.token}`)).status).toBe(404);
  });

  it('refuses sockets opened from a foreign page or through a foreign host name', async () => {
    const url = `${wsUrl}?token=${fx.host.token}`;
    expect((await connect(url, { Origin: 'http://evil.example' })).status).toBe(403);
    expect((await connect(url, { Host: `evil.example:${fx.host.port}` })).status).toBe(421);
    const ok = await connect(url, { Origin: `http://127.0.0.1:${fx.host.port}` });
    expect(ok.ws).toBeDefined();
    ok.ws!.close();
  });

  it('answers calls with the right token', async () => {
    const { ws } = await connect(`${wsUrl}?token=${fx.host.token}`);
    try {
      expect(await exchange(ws!, JSON.stringify({ id: 7, channel: 'graph.list', request: {} }))).toEqual({ id: 7, envelope: { ok: true, value: [] } });
      const info = await exchange(ws!, JSON.stringify({ id: 8, channel: 'app.info', request: {} }));
      expect(info).toMatchObject({ id: 8, envelope: { ok: true, value: { transport: 'host' } } });
    } finally {
      ws!.close();
    }
  });

  it('answers malformed frames with error envelopes and keeps the connection', async () => {
    const { ws } = await connect(`${wsUrl}?token=${fx.host.token}`);
    try {
      const invalid = { ok: false, error: { code: 'invalid_request' } };
      expect(await exchange(ws!, 'not json')).toMatchObject({ id: null, envelope: invalid });
      expect(await exchange(ws!, '[1,2]')).toMatchObject({ id: null, envelope: invalid });
      expect(await exchange(ws!, 'null')).toMatchObject({ id: null, envelope: invalid });
      expect(await exchange(ws!, JSON.stringify({ id: 'x', channel: 'graph.list' }))).toMatchObject({ id: null, envelope: invalid });
      expect(await exchange(ws!, JSON.stringify({ id: 3 }))).toMatchObject({ id: 3, envelope: invalid });
      expect(await exchange(ws!, JSON.stringify({ id: 4, channel: 'nope', request: {} }))).toMatchObject({ id: 4, envelope: { ok: false, error: { code: 'unknown_channel' } } });
      expect(await exchange(ws!, JSON.stringify({ id: 5, channel: 'graph.stats', request: { graph: 1 } }))).toMatchObject({ id: 5, envelope: invalid });
      expect(await exchange(ws!, Buffer.from([1, 2, 3]))).toMatchObject({ id: null, envelope: invalid });
      expect(await exchange(ws!, JSON.stringify({ id: 6, channel: 'graph.list', request: {} }))).toEqual({ id: 6, envelope: { ok: true, value: [] } });
    } finally {
      ws!.close();
    }
  });

  it('serves the renderer with MIME types and a strict CSP', async () => {
    const index = await rawGet(fx.host.port, '/');
    expect(index.status).toBe(200);
    expect(index.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(index.body).toContain('Ctrl-G');
    const csp = String(index.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain(`connect-src 'self' ws://127.0.0.1:${fx.host.port}`);
    expect(index.headers['x-content-type-options']).toBe('nosniff');
    expect((await rawGet(fx.host.port, '/assets/app.js')).headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect((await rawGet(fx.host.port, '/assets/app.css')).headers['content-type']).toBe('text/css; charset=utf-8');
    expect((await rawGet(fx.host.port, '/missing.js')).status).toBe(404);
  });

  it('never serves a file outside the renderer folder', async () => {
    for (const path of ['/../secret.txt', '/assets/../../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt', '/assets/..%2f..%2fsecret.txt', '/..\\secret.txt', '/%2e%2e%5csecret.txt', '/%00', '/%E0%A4%A']) {
      const res = await rawGet(fx.host.port, path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.body, path).not.toContain(SECRET);
    }
  });

  it('refuses requests addressed to a foreign host name (DNS rebinding)', async () => {
    expect((await rawGet(fx.host.port, '/', { Host: `attacker.example:${fx.host.port}` })).status).toBe(421);
    expect((await rawGet(fx.host.port, '/', { Host: `localhost:${fx.host.port}` })).status).toBe(200);
  });
});
