// Model downloads are the second door out, with an egress policy of their own: only the configured model hosts
// (default Hugging Face and its file CDN; CTRLG_MODEL_HOSTS replaces the list), over https (plain http only to a
// server on this machine), for a URL the user
// gave; the list is stated in every refusal and in the audit record of every download. A download never carries
// graph data: the request is the user's URL (no query beyond Hugging Face's `download=true`), no engine-made
// headers or body. The runtime guard (node/egressGuard.ts) holds the downloader to the same hosts, redirects
// included. Pure functions: checked without a network.
import type { EgressPermit } from '../node/egressGuard.js';

export const MODEL_HOSTS_ENV = 'CTRLG_MODEL_HOSTS';
/** Exact hosts, or ".host" for any subdomain (Hugging Face redirects file downloads to *.hf.co). */
export const DEFAULT_MODEL_HOSTS: readonly string[] = ['huggingface.co', '.huggingface.co', '.hf.co'];

export interface DownloadPolicy {
  hosts: readonly string[];
}

/** The policy the environment asks for: CTRLG_MODEL_HOSTS (comma-separated) or the default hosts. */
export function downloadPolicyFromEnv(env: NodeJS.ProcessEnv = process.env): DownloadPolicy {
  const listed = env[MODEL_HOSTS_ENV]
    ?.split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  return { hosts: listed?.length ? listed : DEFAULT_MODEL_HOSTS };
}

export function describeDownloadPolicy(policy: DownloadPolicy): string {
  return `model downloads may come only from ${policy.hosts.map((h) => (h.startsWith('.') ? `*${h}` : h)).join(', ')} (https; plain http on this machine only)`;
}

function hostMatches(pattern: string, host: string): boolean {
  return pattern.startsWith('.') ? host.endsWith(pattern) || host === pattern.slice(1) : host === pattern;
}

/** Why `source` may not be downloaded under `policy`, or undefined when it may. hf: URIs go to huggingface.co. */
export function downloadRefusal(source: string, policy: DownloadPolicy): string | undefined {
  if (/^hf:/i.test(source)) return policy.hosts.some((h) => hostMatches(h, 'huggingface.co')) ? undefined : `hf: URIs need huggingface.co; ${describeDownloadPolicy(policy)}`;
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    return 'it is not a URL';
  }
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  // Plain http only where it never crosses a network: a server on this machine.
  const loopback = host === 'localhost' || host === '::1' || /^127\./.test(host);
  if (url.protocol !== 'https:' && !(loopback && url.protocol === 'http:')) return `${url.protocol} is not allowed; ${describeDownloadPolicy(policy)}`;
  if (url.username || url.password) return 'a URL with credentials is not allowed';
  if (!policy.hosts.some((h) => hostMatches(h, host))) return `${host} is not a model host; ${describeDownloadPolicy(policy)}`;
  const extra = [...url.searchParams.keys()].filter((k) => k !== 'download');
  if (extra.length) return `a query (${extra.join(', ')}) is not allowed in a model URL: a download carries nothing but the URL of the file`;
  return undefined;
}

/** The runtime guard's permits for a download under `policy`. */
export function downloadPermits(policy: DownloadPolicy): EgressPermit[] {
  return policy.hosts.map((host) => ({ host, purpose: 'download' as const }));
}
