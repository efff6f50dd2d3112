#!/usr/bin/env node
// `npx ctrlg …`: runs the TypeScript CLI through tsx, so the CLI always matches the source.
import { register } from 'tsx/esm/api';

register();
await import('../src-main/cli/main.ts');
