// The Electron shell cannot run here (no Electron binary), so its security settings are checked in
// the source, and its one pure decision (is this URL our page?) is run directly.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isTrustedRendererUrl, rendererTarget } from '../../src-main/shell/rendererTarget.js';
import { appContentType, appRequestPath, APP_INDEX_URL } from '../../src-main/shell/appProtocol.js';
import { isDocumentationUrl } from '../../src-main/shell/externalLinks.js';
import { rendererCsp } from '../../src-main/shell/rendererCsp.js';
import { FUSES } from '../../scripts/packaging/electronFuses.js';

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

  it('sets a strict production CSP, in the headers and in the fallback <meta> alike', () => {
    const prod = rendererCsp(false).split('; ');
    expect(prod).toEqual(expect.arrayContaining(["default-src 'self'", "script-src 'self'", "connect-src 'self'", "object-src 'none'", "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'"]));
    for (const directive of prod) expect(directive).not.toMatch(/unsafe-eval|\*/);
    expect(rendererCsp(true)).toMatch(/base-uri 'none'.*form-action 'none'/);
    expect(security).toMatch(/import \{ rendererCsp \} from '\.\/rendererCsp\.js'/);
    const meta = /http-equiv="Content-Security-Policy"\s*content="([^"]*)"/.exec(readFileSync(join(SHELL, '..', '..', 'src-renderer', 'index.html'), 'utf8'))?.[1] ?? '';
    for (const rule of ["script-src 'self'", "object-src 'none'", "base-uri 'none'", "form-action 'none'"]) expect(meta, rule).toContain(rule);
  });

  it('serves the renderer from the app protocol, registered before ready, with the CSP on every response', () => {
    expect(main).toMatch(/registerAppScheme\(\);[\s\S]*app\.whenReady\(\)/);
    expect(main).toMatch(/serveRenderer\(target\.root, rendererCsp\(false\)\)/);
    expect(createWindow).toMatch(/win\.loadURL\(target\.url\)/);
    expect(createWindow).not.toMatch(/loadFile\(/);
    const protocolFile = read('registerAppProtocol.ts');
    expect(protocolFile).toMatch(/registerSchemesAsPrivileged\(\[\{ scheme: APP_SCHEME, privileges: \{ standard: true, secure: true/);
    expect(protocolFile).toMatch(/protocol\.handle\(APP_SCHEME/);
    expect(protocolFile).toMatch(/'Content-Security-Policy': csp/);
  });

  it('opens only documentation links in the browser', () => {
    expect(security).toMatch(/if \(isDocumentationUrl\(url\)\) void shell\.openExternal\(url\)/);
    expect(isDocumentationUrl('https://huggingface.co/docs/hub/gguf')).toBe(true);
    expect(isDocumentationUrl('https://www.electronjs.org/docs/latest/tutorial/security')).toBe(true);
    for (const url of [
      'https://evil.example/docs/',
      'http://huggingface.co/docs/hub/gguf',
      'https://huggingface.co/docs/x?q=Ridgeway%20Community%20Hospital',
      'https://huggingface.co/someone/model',
      'https://user:pw@huggingface.co/docs/',
      'https://huggingface.co:8443/docs/',
      'https://huggingface.co/docs/%2e%2e/upload',
      'https://huggingface.co.evil.example/docs/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'not a url',
    ])
      expect(isDocumentationUrl(url), url).toBe(false);
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
    expect(main).toMatch(/brain: \{ keyStore: new SafeStorageKeyStore\(.*\), \.\.\.sealedDataKeys\(dataDir\) \}/);
    const sealed = read('sealedDataKeys.ts');
    expect(sealed).toMatch(/ledgerKeyStore: new SafeStorageSealedKeyStore\(/);
    expect(sealed).toMatch(/auditKeyStore: new SafeStorageSealedKeyStore\(/);
    expect(main).toMatch(/memory: \{ keyStore: safeStorageMemoryKeyStore\(/);
    expect(main).toMatch(/privateFileModes\(\);\s*protectDataDir\(dataDir\);/);
  });
});

describe('isTrustedRendererUrl', () => {
  const built = rendererTarget('/app/out/renderer/index.html', undefined, false);
  const dev = rendererTarget('/app/out/renderer/index.html', 'http://localhost:5173', false);

  it('accepts only our built page on the app protocol, with any hash; never file://', () => {
    expect(built).toEqual({ kind: 'app', url: APP_INDEX_URL, root: '/app/out/renderer' });
    expect(isTrustedRendererUrl('app://renderer/index.html', built)).toBe(true);
    expect(isTrustedRendererUrl('app://renderer/index.html#/graphs', built)).toBe(true);
    for (const url of [
      'file:///app/out/renderer/index.html',
      'app://renderer/other.html',
      'app://evil/index.html',
      'app://renderer:1/index.html',
      'file:///etc/passwd',
      'https://evil.example/',
      'http://localhost:5173/',
      '',
      undefined,
      'not a url',
    ])
      expect(isTrustedRendererUrl(url, built), String(url)).toBe(false);
  });

  it('accepts the dev server origin only in development, never in a packaged app', () => {
    expect(isTrustedRendererUrl('http://localhost:5173/index.html', dev)).toBe(true);
    expect(isTrustedRendererUrl('http://localhost:5174/', dev)).toBe(false);
    expect(isTrustedRendererUrl('app://renderer/index.html', dev)).toBe(false);
    expect(rendererTarget('/x/index.html', 'http://localhost:5173', true)).toEqual({ kind: 'app', url: APP_INDEX_URL, root: '/x' });
  });
});

describe('the app protocol serves only files under out/renderer', () => {
  const root = '/app/out/renderer';

  it('maps our URLs to files under the root; / is index.html', () => {
    expect(appRequestPath('app://renderer/index.html', root)).toBe('/app/out/renderer/index.html');
    expect(appRequestPath('app://renderer/', root)).toBe('/app/out/renderer/index.html');
    expect(appRequestPath('app://renderer/assets/index-abc.js?v=1#x', root)).toBe('/app/out/renderer/assets/index-abc.js');
    expect(appRequestPath('app://renderer/assets/a%20b.css', root)).toBe('/app/out/renderer/assets/a b.css');
    expect(appContentType('/r/assets/x.js')).toBe('text/javascript; charset=utf-8');
    expect(appContentType('/r/x.unknown')).toBe('application/octet-stream');
  });

  it('a .. segment (also %2e%2e) is resolved by URL parsing at the origin: it cannot climb out of the root', () => {
    expect(appRequestPath('app://renderer/../main/index.js', root)).toBe('/app/out/renderer/main/index.js');
    expect(appRequestPath('app://renderer/%2e%2e/main/index.js', root)).toBe('/app/out/renderer/main/index.js');
    expect(appRequestPath('app://renderer/assets/../../../../etc/passwd', root)).toBe('/app/out/renderer/etc/passwd');
  });

  it('refuses every other escape: encoded .., backslashes, NUL, other hosts and schemes', () => {
    for (const url of [
      'app://renderer/%2E%2E%2Fmain%2Findex.js',
      'app://renderer/..%2f..%2f..%2fetc%2fpasswd',
      'app://renderer/assets/..%5c..%5cmain',
      'app://renderer/index.html%00.js',
      'app://renderer/%E0%A4%A',
      'app://other/index.html',
      'app://renderer:8080/index.html',
      'file:///app/out/renderer/index.html',
      'https://renderer/index.html',
      'not a url',
    ])
      expect(appRequestPath(url, root), url).toBeUndefined();
  });
});

describe('Electron fuses at packaging', () => {
  it('turns RunAsNode and the Node entry points off, cookie encryption and ASAR integrity on', () => {
    expect(FUSES).toMatchObject({
      RunAsNode: false,
      EnableNodeOptionsEnvironmentVariable: false,
      EnableNodeCliInspectArguments: false,
      EnableCookieEncryption: true,
      EnableEmbeddedAsarIntegrityValidation: true,
      OnlyLoadAppFromAsar: true,
    });
  });
});
