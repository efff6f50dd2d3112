// The Electron shell cannot run here (no Electron binary), so its security settings are checked in
// the source, and its one pure decision (is this URL our page?) is run directly.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isTrustedRendererUrl, rendererTarget } from '../../src-main/shell/rendererTarget.js';

const SHELL = join(import.meta.dirname, '..', '..', 'src-main', 'shell');
const read = (name: string): string => readFileSync(join(SHELL, name), 'utf8');

describe('Electron shell security (source checks)', () => {
  const createWindow = read('createWindow.ts');
  const security = read('security.ts');
  const registerIpc = read('registerIpc.ts');
  const main = read('main.ts');

  it('creates windows isolated, sandboxed, without Node, with web security on', () => {
    expect(createWindow).toMatch(/new BrowserWindow\(/);
    expect(createWindow).toMatch(/contextIsolation:\s*true/);
    expect(createWindow).toMatch(/sandbox:\s*true/);
    expect(createWindow).toMatch(/nodeIntegration:\s*false/);
    expect(createWindow).toMatch(/webSecurity:\s*true/);
    expect(createWindow).toMatch(/webviewTag:\s*false/);
    for (const bad of [/contextIsolation:\s*false/, /sandbox:\s*false/, /nodeIntegration:\s*true/, /webSecurity:\s*false/, /allowRunningInsecureContent:\s*true/])
      expect(createWindow).not.toMatch(bad);
    // The only BrowserWindow constructed anywhere in the shell is this one.
    for (const file of ['main.ts', 'registerIpc.ts', 'security.ts']) expect(read(file)).not.toMatch(/new BrowserWindow\(/);
  });

  it('blocks navigation, new windows, webviews and every permission', () => {
    expect(security).toMatch(/\.on\('will-navigate',[\s\S]*?preventDefault\(\)/);
    expect(security).toMatch(/setWindowOpenHandler\([\s\S]*?action:\s*'deny'/);
    expect(security).toMatch(/will-attach-webview[\s\S]*?preventDefault\(\)/);
    expect(security).toMatch(/setPermissionRequestHandler\([^)]*\)\s*=>\s*callback\(false\)/);
    expect(security).toMatch(/setPermissionCheckHandler\(\(\)\s*=>\s*false\)/);
    expect(security).toMatch(/'web-contents-created'/);
    expect(security).toMatch(/Content-Security-Policy/);
    expect(main).toMatch(/secureApp\(/);
  });

  it('sets a strict production CSP', () => {
    const prod = /dev \? "script-src 'self' 'unsafe-inline'" : "script-src 'self'"/;
    expect(security).toMatch(prod);
    expect(security).toContain("object-src 'none'");
  });

  it('checks the sender before every dispatch and registers every contract channel', () => {
    expect(registerIpc).toMatch(/for \(const channel of CHANNELS\)[\s\S]*?ipcMain\.handle\(IPC_PREFIX \+ channel/);
    const handler = registerIpc.slice(registerIpc.indexOf('ipcMain.handle'));
    expect(handler.indexOf('isOurUrl(frame.url)')).toBeGreaterThan(0);
    expect(handler.indexOf('isOurUrl(frame.url)')).toBeLessThan(handler.indexOf('engine.dispatch'));
    expect(registerIpc).toMatch(/webContents\.send\(IPC_PREFIX \+ name/);
  });

  it('uses the shared data dir and the sandbox-ready preload', () => {
    expect(main).toMatch(/const data = settleDataDir\(\)/);
    expect(main).toMatch(/app\.setPath\('userData', dataDir\)/);
    expect(main).toMatch(/preload', 'index\.cjs'/);
  });

  it('seals every key with safeStorage: the API key, the memory, the exposure ledger and the audit chain', () => {
    expect(main).toMatch(/brain: \{ keyStore: new SafeStorageKeyStore\(.*\), \.\.\.sealedDataKeys\(\) \}/);
    expect(main).toMatch(/ledgerKeyStore: new SafeStorageSealedKeyStore\(/);
    expect(main).toMatch(/auditKeyStore: new SafeStorageSealedKeyStore\(/);
    expect(main).toMatch(/memory: \{ keyStore: safeStorageMemoryKeyStore\(/);
    expect(main).toMatch(/privateFileModes\(\);\s*protectDataDir\(dataDir\);/);
  });
});

describe('isTrustedRendererUrl', () => {
  const file = rendererTarget('/app/out/renderer/index.html', undefined, false);
  const dev = rendererTarget('/app/out/renderer/index.html', 'http://localhost:5173', false);

  it('accepts only our built page, with any hash', () => {
    expect(isTrustedRendererUrl('file:///app/out/renderer/index.html', file)).toBe(true);
    expect(isTrustedRendererUrl('file:///app/out/renderer/index.html#/graphs', file)).toBe(true);
    for (const url of ['file:///app/out/renderer/other.html', 'file:///etc/passwd', 'https://evil.example/', 'http://localhost:5173/', '', undefined, 'not a url'])
      expect(isTrustedRendererUrl(url, file), String(url)).toBe(false);
  });

  it('accepts the dev server origin only in development, never in a packaged app', () => {
    expect(isTrustedRendererUrl('http://localhost:5173/index.html', dev)).toBe(true);
    expect(isTrustedRendererUrl('http://localhost:5174/', dev)).toBe(false);
    expect(isTrustedRendererUrl('file:///app/out/renderer/index.html', dev)).toBe(false);
    expect(rendererTarget('/x/index.html', 'http://localhost:5173', true)).toEqual({ kind: 'file', indexHtml: '/x/index.html' });
  });
});
