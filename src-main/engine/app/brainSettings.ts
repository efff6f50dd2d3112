// The Brain settings that persist across runs (mode, endpoint, model, policy) in <dataDir>/brain/settings.json.
// The API key is not among them: it lives in a BrainKeyStore. A missing or unreadable file means "no Brain",
// the safe default: remote mode is never switched on by a damaged file.
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { BRAIN_MODES, BRAIN_POLICIES, type BrainMode, type BrainPolicySetting } from '../../common/brainContract.js';
import { writeFileAtomic } from '../node/sealedFile.js';

export interface BrainSettings {
  mode: BrainMode;
  url?: string;
  model?: string;
  policy: BrainPolicySetting;
}

export const DEFAULT_BRAIN_SETTINGS: BrainSettings = { mode: 'none', policy: 'whenUnsure' };

const schema = z.object({
  mode: z.enum(BRAIN_MODES),
  url: z.string().optional(),
  model: z.string().optional(),
  policy: z.enum(BRAIN_POLICIES).default('whenUnsure'),
});

export function brainSettingsPath(dataDir: string): string {
  return join(dataDir, 'brain', 'settings.json');
}

export async function loadBrainSettings(path: string): Promise<BrainSettings> {
  try {
    const parsed = schema.safeParse(JSON.parse(await readFile(path, 'utf8')));
    if (parsed.success) return stripUndefined(parsed.data);
    console.error(`ctrlg: ignoring malformed Brain settings at ${path}`);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') console.error(`ctrlg: cannot read Brain settings at ${path}: ${(e as Error).message}`);
  }
  return { ...DEFAULT_BRAIN_SETTINGS };
}

export async function saveBrainSettings(path: string, settings: BrainSettings): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  await writeFileAtomic(path, Buffer.from(JSON.stringify(settings, null, 2) + '\n', 'utf8'));
}

function stripUndefined(s: z.output<typeof schema>): BrainSettings {
  return { mode: s.mode, policy: s.policy, ...(s.url ? { url: s.url } : {}), ...(s.model ? { model: s.model } : {}) };
}
