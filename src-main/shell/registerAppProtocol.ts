// Registers and serves the app:// protocol (appProtocol.ts decides which file a request gets). The scheme must be
// registered as privileged (standard, secure) before the app is ready: standard gives it an origin and relative
// URLs, secure makes it a secure context like https. Every response carries the CSP itself, because the session's
// header hook does not see custom protocols; files are resolved through symlinks and must still lie in the root.
import { protocol } from 'electron';
import { readFile, realpath } from 'node:fs/promises';
import { appContentType, appRequestPath, APP_SCHEME } from './appProtocol.js';
import { isInside } from '../engine/node/pathInside.js';

/** Before app ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
}

/** After app ready: answers app://renderer/… from `root` (out/renderer) with `csp` on every response. */
export function serveRenderer(root: string, csp: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const file = appRequestPath(request.url, root);
    const notFound = (): Response => new Response('Not found', { status: 404, headers: { 'Content-Security-Policy': csp } });
    if (!file) return notFound();
    try {
      const real = await realpath(file);
      if (!isInside(real, await realpath(root))) return notFound();
      return new Response(await readFile(real), {
        headers: { 'Content-Type': appContentType(real), 'Content-Security-Policy': csp, 'X-Content-Type-Options': 'nosniff' },
      });
    } catch {
      return notFound();
    }
  });
}
