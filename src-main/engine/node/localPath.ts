// Graphs, memory and ledgers are stored on this machine only. Storage clients accept more than paths (LanceDB opens
// `s3://`, `gs://`, `az://` and `memory://` URIs, and resolving one already makes a DNS query), so every folder or
// file given to one is checked here first: anything with a URI scheme is refused with a typed error, before any
// storage client sees it. A Windows drive (`C:\…`, a one-letter "scheme") is a local path.

export class NotALocalPathError extends Error {
  constructor(
    /** What the path was for (e.g. "--memory", "the graph database"). */
    readonly what: string,
    readonly value: string,
    readonly scheme: string,
  ) {
    super(`${what} must be a folder or file on this machine, not the ${scheme}: URI "${value}" (nothing is stored anywhere else).`);
    this.name = 'NotALocalPathError';
  }
}

/** The URI scheme `value` starts with (two or more characters before a colon), or undefined for a local path. */
export function uriScheme(value: string): string | undefined {
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]+):/.exec(value.trim());
  return m ? m[1].toLowerCase() : undefined;
}

/** Returns `value` when it is a local path; throws NotALocalPathError for a URI. */
export function assertLocalPath(value: string, what: string): string {
  const scheme = uriScheme(value);
  if (scheme) throw new NotALocalPathError(what, value, scheme);
  return value;
}
