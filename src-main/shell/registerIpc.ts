// Binds every contract channel to engine.dispatch, after checking that the call comes from our page,
// and forwards engine events to the window.
import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { CHANNELS, EVENT_NAMES, IPC_PREFIX, type Envelope } from '../common/contract.js';
import type { Engine } from '../engine/app/createEngine.js';

export function registerIpc(engine: Engine, win: BrowserWindow, isOurUrl: (url: string) => boolean): () => void {
  for (const channel of CHANNELS) {
    ipcMain.handle(IPC_PREFIX + channel, async (event: IpcMainInvokeEvent, request: unknown): Promise<Envelope<unknown>> => {
      // Only our own page, in our window's top frame, may call the engine (not an iframe, not a stray page).
      const frame = event.senderFrame;
      if (event.sender !== win.webContents || !frame || frame.parent !== null || !isOurUrl(frame.url))
        return { ok: false, error: { code: 'not_available', message: 'Calls are accepted only from the Ctrl-G window.' } };
      return engine.dispatch(channel, request);
    });
  }
  const unsubscribe = EVENT_NAMES.map((name) =>
    engine.on(name, (payload) => {
      if (!win.isDestroyed()) win.webContents.send(IPC_PREFIX + name, payload);
    }),
  );
  return () => {
    for (const channel of CHANNELS) ipcMain.removeHandler(IPC_PREFIX + channel);
    unsubscribe.forEach((off) => off());
  };
}
