// Electron main process: wires the engine to one secure window. No logic lives here.
import { app, BrowserWindow, dialog, type OpenDialogOptions } from 'electron';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { settleDataDir } from '../engine/node/dataDir.js';
import { privateFileModes, protectDataDir } from '../engine/node/privateFiles.js';
import { installEgressGuard } from '../engine/node/egressGuard.js';
import { assemble } from '../engine/app/assemble.js';
import { MEMORY_DIR } from '../engine/app/memoryService.js';
import { safeStorageMemoryKeyStore } from './safeStorageMemoryKeyStore.js';
import { sealedDataKeys } from './sealedDataKeys.js';
import { engineOf, type Engine } from '../engine/app/createEngine.js';
import { createWindow } from './createWindow.js';
import { registerIpc } from './registerIpc.js';
import { isTrustedRendererUrl, rendererTarget } from './rendererTarget.js';
import { SafeStorageKeyStore } from './safeStorageKeyStore.js';
import { secureApp } from './security.js';
import { utilityConsoleChild } from './utilityConsoleChild.js';
import { rendererCsp } from './rendererCsp.js';
import { registerAppScheme, serveRenderer } from './registerAppProtocol.js';

// Built layout: out/main/index.js next to out/preload/index.cjs and out/renderer/index.html.
const outDir = fileURLToPath(new URL('..', import.meta.url));
const target = rendererTarget(join(outDir, 'renderer', 'index.html'), process.env.ELECTRON_RENDERER_URL, app.isPackaged);
const isOurUrl = (url: string): boolean => isTrustedRendererUrl(url, target);

// Same folder as the CLI and the host (engine/node/dataDir.ts), so all three see the same graphs; an old Linux data
// folder in ~/.config is moved out first (keys live there now). Files this process writes are 0600, folders 0700.
// Outbound sockets of this (the engine's) process only for the Brain gateway and model downloads. Chromium's own
// network stack (the renderer) is held by the CSP and the navigation guards instead.
installEgressGuard();
const data = settleDataDir();
if (data.warning) console.warn(`ctrlg: ${data.warning}`);
const dataDir = data.dir;
privateFileModes();
protectDataDir(dataDir);
app.setName('ctrlg-desktop');
app.setPath('userData', dataDir);
// The renderer's own protocol (app://renderer/), registered as privileged before the app is ready.
registerAppScheme();
secureApp(isOurUrl);

let engine: Engine | undefined;

async function start(): Promise<void> {
  let win: BrowserWindow | undefined;
  // The whole object graph, as the host and the CLI build it; what is the shell's own are the key stores.
  const parts = assemble({
    dataDir,
    // The Brain's API key is kept encrypted with the OS keychain (safeStorage), never in plain settings; so are the
    // keys of the exposure ledger and the audit chain.
    brain: { keyStore: new SafeStorageKeyStore(join(dataDir, 'brain', 'api-key.enc')), ...sealedDataKeys(dataDir) },
    // The experience memory's key is sealed with safeStorage too; records themselves are AES-GCM sealed on disk.
    memory: { keyStore: safeStorageMemoryKeyStore(join(dataDir, MEMORY_DIR)) },
    // The Cypher console's child and a big import's loader run as utility processes (the packaged app cannot run
    // its binary as Node).
    consoleLauncher: utilityConsoleChild,
  });
  engine = engineOf(parts, {
    resourcesDir: app.isPackaged ? join(process.resourcesPath, 'resources') : join(app.getAppPath(), 'resources'),
    version: app.getVersion(),
    transport: 'electron',
    openFile: async (kind) => {
      const options: OpenDialogOptions = {
        properties: ['openFile'],
        filters: [
          kind === 'model'
            ? { name: 'GGUF models', extensions: ['gguf'] }
            : { name: 'Triples', extensions: ['txt', 'tsv', 'csv', 'nt', 'ttl'] },
          { name: 'All files', extensions: ['*'] },
        ],
      };
      const picked = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
      return picked.canceled ? null : (picked.filePaths[0] ?? null);
    },
  });
  if (target.kind === 'app') serveRenderer(target.root, rendererCsp(false));
  win = createWindow(target, join(outDir, 'preload', 'index.cjs'));
  registerIpc(engine, win, isOurUrl);
  // After the window exists, so a first launch shows the demo import's progress.
  win.webContents.once('did-finish-load', () => {
    engine?.ensureDemoGraph().catch((err: unknown) => console.error('ctrlg: demo graph import failed:', err));
  });
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    const [win] = BrowserWindow.getAllWindows();
    if (win?.isMinimized()) win.restore();
    win?.focus();
  });
  app.whenReady().then(start, (err: unknown) => {
    console.error('ctrlg: start-up failed:', err);
    app.exit(1);
  });
  app.on('window-all-closed', () => app.quit());
  app.on('will-quit', (event) => {
    if (!engine) return;
    const closing = engine;
    engine = undefined;
    event.preventDefault();
    void closing.close().finally(() => app.quit());
  });
}
