// The renderer's one way to reach the engine: window.ctrlg under Electron (the preload exposes it),
// otherwise a WebSocket bridge to the headless host that served this page.
import type { CtrlgBridge } from '../../../src-main/common/contract.js';
import { createWsBridge } from './wsBridge.js';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in a plain browser. */
    ctrlg?: CtrlgBridge;
  }
}

const TOKEN_KEY = 'ctrlg.hostToken';
let bridge: CtrlgBridge | undefined;

/** The host prints http://127.0.0.1:PORT/#token=…; keep it for reloads after the app changes the hash. */
export function readHostToken(hash: string, storage: Pick<Storage, 'getItem' | 'setItem'> | undefined): string {
  const fromHash = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  if (fromHash) {
    storage?.setItem(TOKEN_KEY, fromHash);
    return fromHash;
  }
  return storage?.getItem(TOKEN_KEY) ?? '';
}

function sessionStore(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function getBridge(): CtrlgBridge {
  if (bridge) return bridge;
  if (window.ctrlg) return (bridge = window.ctrlg);
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  const token = readHostToken(window.location.hash, sessionStore());
  return (bridge = createWsBridge(`${scheme}://${window.location.host}/ws`, token));
}
