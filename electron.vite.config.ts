// electron-vite build of the three parts: main (Electron shell + engine), preload (sandboxed, CommonJS)
// and the React renderer. Native addons stay external: they load from node_modules at run time.
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';

const root = import.meta.dirname;

// The dev server's React refresh preamble is an inline script and its HMR socket is on localhost: relax the meta
// CSP for `electron-vite dev` only; built files keep the strict policy.
const devServerCsp: Plugin = {
  name: 'ctrlg-dev-server-csp',
  apply: 'serve',
  transformIndexHtml: (html) => html.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'"),
};

export default defineConfig({
  main: {
    build: {
      outDir: resolve(root, 'out/main'),
      // Dependencies stay external (the default), so kuzu, lancedb and node-llama-cpp are require()d, never bundled.
      externalizeDeps: { include: ['kuzu', '@lancedb/lancedb', 'node-llama-cpp'] },
      rolldownOptions: {
        input: { index: resolve(root, 'src-main/shell/main.ts') },
        output: { format: 'es', entryFileNames: '[name].js' },
      },
    },
  },
  preload: {
    build: {
      outDir: resolve(root, 'out/preload'),
      // A sandboxed preload can only require('electron'): everything else (zod, the contract) is bundled in.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(root, 'src-preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(root, 'src-renderer'),
    plugins: [react(), devServerCsp],
    build: {
      outDir: resolve(root, 'out/renderer'),
      emptyOutDir: true,
      rolldownOptions: {
        input: { index: resolve(root, 'src-renderer/index.html') },
      },
    },
  },
});
