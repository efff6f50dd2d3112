import { describe, expect, it } from 'vitest';
import { HostConfigError, isLoopbackHost, parseHostArgs } from '../../src-main/host/hostOptions.js';
import { startHost } from '../../src-main/host/startHost.js';
import { tokenMatches, createToken } from '../../src-main/host/hostToken.js';

describe('host options', () => {
  it('knows loopback addresses', () => {
    for (const h of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1']) expect(isLoopbackHost(h), h).toBe(true);
    for (const h of ['0.0.0.0', '192.168.1.10', '::', 'example.com', '128.0.0.1', '127.0.0.1.example.com']) expect(isLoopbackHost(h), h).toBe(false);
  });

  it('refuses a non-loopback bind unless --allow-remote is given', () => {
    expect(() => parseHostArgs(['--host', '0.0.0.0'])).toThrow(HostConfigError);
    expect(() => parseHostArgs(['--host', '0.0.0.0'])).toThrow(/--allow-remote/);
    expect(parseHostArgs(['--host', '0.0.0.0', '--allow-remote'])).toMatchObject({ host: '0.0.0.0', allowRemote: true });
  });

  it('parses defaults and flags', () => {
    expect(parseHostArgs([])).toEqual({ host: '127.0.0.1', port: 0, allowRemote: false, data: undefined, openDemo: true, rendererDir: undefined });
    expect(parseHostArgs(['--port', '8123', '--data', '/tmp/d', '--no-open-demo'])).toMatchObject({ port: 8123, data: '/tmp/d', openDemo: false });
    expect(() => parseHostArgs(['--port', 'abc'])).toThrow(HostConfigError);
    expect(() => parseHostArgs(['--bogus'])).toThrow(HostConfigError);
  });

  it('startHost refuses a non-loopback bind too', async () => {
    await expect(startHost({ host: '0.0.0.0', openDemo: false, dataDir: '/nonexistent' })).rejects.toThrow(HostConfigError);
  });

  it('makes long random tokens and compares them exactly', () => {
    const a = createToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(createToken()).not.toBe(a);
    expect(tokenMatches(a, a)).toBe(true);
    expect(tokenMatches(a, a.slice(0, -1))).toBe(false);
    expect(tokenMatches(a, '')).toBe(false);
    expect(tokenMatches(a, null)).toBe(false);
  });
});
