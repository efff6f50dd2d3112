// Which parser reads a file: the --format flag, else the extension.
import { extname } from 'node:path';
import type { ImportFormat } from '../../common/graphTypes.js';
import { ImportError } from './importErrors.js';

const BY_EXTENSION: Record<string, ImportFormat> = {
  '.txt': 'tsv',
  '.tsv': 'tsv',
  '.psv': 'tsv',
  '.csv': 'csv',
  '.nt': 'nt',
  '.ttl': 'ttl',
};

export const IMPORT_FORMATS: ImportFormat[] = ['tsv', 'csv', 'nt', 'ttl'];

export function resolveImportFormat(file: string, format?: string): ImportFormat {
  if (format !== undefined) {
    if ((IMPORT_FORMATS as string[]).includes(format)) return format as ImportFormat;
    throw new ImportError(file, undefined, `unknown format "${format}" (use ${IMPORT_FORMATS.join(', ')})`);
  }
  const ext = extname(file).toLowerCase();
  const found = BY_EXTENSION[ext];
  if (!found)
    throw new ImportError(file, undefined, `cannot tell the format from the extension "${ext || '(none)'}": pass a format (${IMPORT_FORMATS.join(', ')})`);
  return found;
}
