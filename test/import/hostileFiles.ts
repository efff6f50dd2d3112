// The hostile inputs of issue 12, written into a folder: each once killed the process or failed untyped.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface HostileFiles {
  /** `@prefix ex: <1http://x/> .` — n3 threw a TypeError from its stream callback (process death). */
  badPrefix: string;
  /** One invalid UTF-8 byte inside a prefix IRI. */
  badUtf8Prefix: string;
  /** A 10 MB IRI on line 2 — n3's regexes overflowed the stack (process death). */
  hugeToken: string;
  /** An empty literal `""` — became NULL and failed in Kuzu with an untyped error. */
  emptyLiteral: string;
}

export const HUGE_TOKEN_CHARS = 10 * 1024 * 1024;

export function writeHostileFiles(dir: string): HostileFiles {
  const files: HostileFiles = {
    badPrefix: join(dir, 'bad-prefix.ttl'),
    badUtf8Prefix: join(dir, 'bad-utf8-prefix.ttl'),
    hugeToken: join(dir, 'huge-token.ttl'),
    emptyLiteral: join(dir, 'empty-literal.ttl'),
  };
  writeFileSync(files.badPrefix, '@prefix ex: <1http://x/> .\nex:a ex:b ex:c .\n');
  writeFileSync(
    files.badUtf8Prefix,
    Buffer.concat([Buffer.from('@prefix ex: <http://x/'), Buffer.from([0xc3]), Buffer.from('1> .\nex:a ex:b ex:c .\n')]),
  );
  writeFileSync(files.hugeToken, `@prefix ex: <http://x/> .\nex:a ex:b <http://x/${'a'.repeat(HUGE_TOKEN_CHARS)}> .\n`);
  writeFileSync(files.emptyLiteral, '@prefix ex: <http://x/> .\nex:a ex:title "" .\nex:b ex:title "" .\nex:a ex:knows ex:b .\n');
  return files;
}
