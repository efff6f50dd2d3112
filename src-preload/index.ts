// The preload: one object implementing CtrlgBridge, exposed to the sandboxed renderer as window.ctrlg.
// Only the contract's channels and events pass; the renderer never sees ipcRenderer itself.
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import {
  CHANNELS,
  EVENT_NAMES,
  IPC_PREFIX,
  type Channel,
  type CtrlgBridge,
  type Envelope,
  type EventName,
  type Events,
  type RequestOf,
  type Responses,
} from '../src-main/common/contract.js';

const channels = new Set<string>(CHANNELS);
const events = new Set<string>(EVENT_NAMES);

const api = {
  invoke<C extends Channel>(channel: C, request: RequestOf<C>): Promise<Envelope<Responses[C]>> {
    if (!channels.has(channel))
      return Promise.resolve({ ok: false, error: { code: 'unknown_channel', message: `Unknown channel "${String(channel)}".` } });
    return ipcRenderer.invoke(IPC_PREFIX + channel, request) as Promise<Envelope<Responses[C]>>;
  },

  on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void {
    if (!events.has(event)) throw new Error(`Unknown event "${String(event)}".`);
    // The wrapper drops the IpcRendererEvent, which would otherwise hand the page a sender object.
    const wrapped = (_event: IpcRendererEvent, payload: Events[E]): void => listener(payload);
    ipcRenderer.on(IPC_PREFIX + event, wrapped);
    return () => void ipcRenderer.removeListener(IPC_PREFIX + event, wrapped);
  },

  // Since Electron 32 a File no longer carries its path; webUtils reads it here, in the preload.
  pathForFile(file: File): string {
    return webUtils.getPathForFile(file);
  },
} satisfies CtrlgBridge;

contextBridge.exposeInMainWorld('ctrlg', api);

export type Api = typeof api;
