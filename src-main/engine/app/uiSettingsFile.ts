// Display preferences in <data>/ui-settings.json. A missing file is the defaults; an unreadable one is reported
// with its path (never silently reset), and a write replaces the file atomically.
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { uiSettingsSchema, type UiSettings } from '../../common/uiSettings.js';
import { writeFileAtomic } from '../node/sealedFile.js';
import { ApiError } from './apiError.js';

export const UI_SETTINGS_FILE = 'ui-settings.json';

export async function readUiSettings(dataDir: string): Promise<UiSettings> {
  const path = join(dataDir, UI_SETTINGS_FILE);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return uiSettingsSchema.parse({});
    throw new ApiError('internal', `Cannot read ${path}: ${(e as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError('invalid_request', `${path} is not JSON: fix or delete it.`);
  }
  const result = uiSettingsSchema.safeParse(parsed);
  if (!result.success) throw new ApiError('invalid_request', `${path}: ${result.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`).join('; ')}`);
  return result.data;
}

export async function writeUiSettings(dataDir: string, patch: Partial<UiSettings>): Promise<UiSettings> {
  const current = await readUiSettings(dataDir).catch(() => uiSettingsSchema.parse({}));
  const next = uiSettingsSchema.parse({ ...current, ...patch });
  await mkdir(dataDir, { recursive: true });
  await writeFileAtomic(join(dataDir, UI_SETTINGS_FILE), Buffer.from(JSON.stringify(next, null, 2) + '\n'));
  return next;
}
