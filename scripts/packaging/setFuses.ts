// `node bin/run-ts.mjs scripts/packaging/setFuses.ts <packaged Electron binary>`: flips the app's fuses
// (electronFuses.ts says which and why). Run after packaging, before signing.
import { existsSync } from 'node:fs';
import { flipAppFuses, FUSES, FUSES_PACKAGE } from './electronFuses.js';

async function main(): Promise<number> {
  const binary = process.argv[2];
  if (!binary) {
    process.stderr.write('usage: setFuses.ts <path to the packaged Electron binary>\n');
    return 2;
  }
  if (!existsSync(binary)) {
    process.stderr.write(`no Electron binary at ${binary}: package the app first, then give the packaged binary\n`);
    return 2;
  }
  try {
    await flipAppFuses(binary);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND') {
      process.stderr.write(`${FUSES_PACKAGE} is not installed: add it as a devDependency (npm install -D ${FUSES_PACKAGE}@2.1.3)\n`);
      return 2;
    }
    throw e;
  }
  process.stdout.write(`fuses set on ${binary}: ${Object.entries(FUSES).map(([k, v]) => `${k}=${v ? 'on' : 'off'}`).join(', ')}\n`);
  return 0;
}

process.exitCode = await main();
