// The one app window: sandboxed, context-isolated, no Node in the page, our preload only.
import { BrowserWindow } from 'electron';
import type { RendererTarget } from './rendererTarget.js';

export function createWindow(target: RendererTarget, preloadPath: string): BrowserWindow {
  const win = new BrowserWindow({
    width: 1400,
    height: 900,
    minWidth: 900,
    minHeight: 600,
    title: 'Ctrl-G',
    show: false,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
    },
  });
  win.once('ready-to-show', () => win.show());
  // The dev server, or the app protocol (registerAppProtocol.ts); never a file:// page.
  void win.loadURL(target.url);
  return win;
}
