// Which links may leave the app for the user's browser: documentation pages only, from a fixed list. A link is a
// network request made on the app's behalf (its URL can carry anything the page put in it), so a page that opens
// an arbitrary URL would be a door around the gateway. No Electron import: tested as a pure function.

/** https origins and path prefixes of the documentation the app points to. */
export const DOCUMENTATION_LINKS: readonly { host: string; pathPrefix: string }[] = [
  { host: 'huggingface.co', pathPrefix: '/docs/' },
  { host: 'github.com', pathPrefix: '/ggml-org/llama.cpp/' },
  { host: 'node-llama-cpp.withcat.ai', pathPrefix: '/guide/' },
  { host: 'platform.openai.com', pathPrefix: '/docs/' },
  { host: 'www.electronjs.org', pathPrefix: '/docs/' },
];

/** True only for an https documentation page on the list: no credentials, no query, no other port. */
export function isDocumentationUrl(url: string): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (u.protocol !== 'https:' || u.username || u.password || u.port || u.search) return false;
  // Percent-encoded dots or slashes could walk out of the prefix once decoded.
  if (/%2e|%2f|%5c/i.test(u.pathname)) return false;
  return DOCUMENTATION_LINKS.some((d) => u.hostname === d.host && u.pathname.startsWith(d.pathPrefix));
}
