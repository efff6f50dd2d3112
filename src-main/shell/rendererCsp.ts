// The renderer's Content-Security-Policy, sent on every response of the session and of the app protocol. No Electron
// import: the policy is checked directly. The fallback <meta> CSP in src-renderer/index.html (for a page loaded
// without these headers) carries the same base-uri, form-action and object-src rules.

/** Production CSP: our scripts only, nothing remote. Dev adds what Vite's HMR needs. */
export function rendererCsp(dev: boolean): string {
  return [
    "default-src 'self'",
    dev ? "script-src 'self' 'unsafe-inline'" : "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    dev ? "connect-src 'self' ws: http://localhost:* http://127.0.0.1:*" : "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
