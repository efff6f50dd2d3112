// Pulls line-level issues out of an import error's `details` (or a lenient result's skipped list),
// whatever shape the engine used: an array of issues, or an object holding one.
export interface LineIssue {
  line: number | null;
  reason: string;
  text?: string;
  file?: string;
}

function asIssue(value: unknown): LineIssue | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const reason = typeof v.reason === 'string' ? v.reason : typeof v.message === 'string' ? v.message : null;
  if (reason === null) return null;
  const path = Array.isArray(v.path) && v.path.length > 0 ? `${v.path.join('.')}: ` : '';
  return {
    line: typeof v.line === 'number' ? v.line : null,
    reason: `${path}${reason}`,
    ...(typeof v.text === 'string' ? { text: v.text } : {}),
    ...(typeof v.file === 'string' ? { file: v.file } : {}),
  };
}

export function issuesFromDetails(details: unknown): LineIssue[] {
  if (Array.isArray(details)) return details.map(asIssue).filter((i): i is LineIssue => i !== null);
  if (details && typeof details === 'object') {
    for (const key of ['issues', 'skipped', 'errors', 'lines']) {
      const inner = (details as Record<string, unknown>)[key];
      if (Array.isArray(inner)) return issuesFromDetails(inner);
    }
    const single = asIssue(details);
    return single ? [single] : [];
  }
  return [];
}
