// Session- and app-wide guards: a strict CSP on every response, no permissions, no navigation away
// from our page, no new windows, no <webview>.
import { app, session, shell, type Session, type WebContents } from 'electron';
import { isDocumentationUrl } from './externalLinks.js';
import { rendererCsp } from './rendererCsp.js';

export function secureSession(target: Session, dev: boolean): void {
  const csp = rendererCsp(dev);
  target.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] } });
  });
  target.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  target.setPermissionCheckHandler(() => false);
}

/** Navigation stays on our page; documentation links (externalLinks.ts) open in the user's browser, nothing else. */
export function guardWebContents(contents: WebContents, isOurUrl: (url: string) => boolean): void {
  contents.on('will-navigate', (event, url) => {
    if (!isOurUrl(url)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isOurUrl(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isDocumentationUrl(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
}

/** Applies the guards to every web contents the app ever creates, not just the main window. */
export function secureApp(isOurUrl: (url: string) => boolean): void {
  app.enableSandbox();
  app.on('web-contents-created', (_event, contents) => guardWebContents(contents, isOurUrl));
  secureSession(session.defaultSession, !app.isPackaged && Boolean(process.env.ELECTRON_RENDERER_URL));
}
