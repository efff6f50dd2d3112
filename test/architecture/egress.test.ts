// The only door out: no module except the Brain gateway may open a network connection. Scans every source file
// of the main process (engine, cli, host, common, shell), the preload and the renderer for network imports and
// calls. Allowed: the gateway, the loopback host server, node-llama-cpp model downloads, the renderer transport.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

const ALLOWED = [
  /^src-main\/engine\/egress\/brain\/brainGateway\.ts$/,
  /^src-main\/host\//,
  /^src-main\/engine\/llm\/modelManager\.ts$/,
  /^src-renderer\/src\/transport\//,
];

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
  }
  if (/import\s*\{[^}]*\bnet\b[^}]*\}\s*from\s*['"]electron['"]/.test(code)) found.push("imports net from 'electron'");
  for (const [name, re] of [
    ['fetch(', /(?<![\w.$])fetch\s*\(|\.fetch\s*\(/],
    ['WebSocket', /\bWebSocket\b/],
    ['XMLHttpRequest', /\bXMLHttpRequest\b/],
    ['EventSource', /\bEventSource\b/],
    ['navigator.sendBeacon', /\bsendBeacon\b/],
  ] as const)
    if (re.test(code)) found.push(`uses ${name}`);
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
  it('only the gateway, the host, model downloads and the renderer transport touch the network', () => {
    const bad: string[] = [];
    let scanned = 0;
    for (const dir of ['src-main', 'src-preload', 'src-renderer/src']) {
      for (const file of sourceFiles(join(root, dir))) {
        const rel = relative(root, file).split('\\').join('/');
        scanned++;
        if (ALLOWED.some((a) => a.test(rel))) continue;
        for (const use of networkUses(readFileSync(file, 'utf8'))) bad.push(`${rel} ${use}`);
      }
    }
    expect(scanned).toBeGreaterThan(50);
    expect(bad).toEqual([]);
  });

  it('the gateway is where the Brain SDK lives', () => {
    expect(networkUses(readFileSync(join(root, 'src-main/engine/egress/brain/brainGateway.ts'), 'utf8'))).toContain('imports openai');
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
    ];
    for (const [src, flagged] of cases) expect(networkUses(src).length > 0, src).toBe(flagged);
  });
});
