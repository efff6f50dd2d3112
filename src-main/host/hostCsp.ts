// Content-Security-Policy for the renderer served by the host: our own scripts only, and sockets only
// back to this host.
export function hostCsp(hostHeader: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // React and cytoscape set style attributes; inline styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ws://${hostHeader}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
