#!/usr/bin/env node
// `npm run host`: the engine behind a loopback WebSocket, for a browser or Playwright.
import { register } from 'tsx/esm/api';

register();
await import('../src-main/host/main.ts');
