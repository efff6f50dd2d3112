// Where the experience table lives in a memory folder, known without loading LanceDB (which takes a while to load):
// callers that only ask whether a memory exists stay light.
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const TABLE = 'experience';

/** Whether `dir` holds an experience table. */
export function experienceTableExists(dir: string): boolean {
  return existsSync(join(dir, `${TABLE}.lance`));
}
