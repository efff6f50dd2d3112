// The /ws endpoint: authenticates the upgrade with the run's token, answers calls through the
// engine's dispatch, and pushes engine events to every connected client.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { EVENT_NAMES } from '../common/contract.js';
import type { Engine } from '../engine/app/createEngine.js';
import { tokenMatches } from './hostToken.js';
import { parseCallFrame, type EventFrame, type ReplyFrame } from './wsProtocol.js';

export const WS_PATH = '/ws';
const MAX_FRAME_BYTES = 1024 * 1024;

export interface WsEndpointOptions {
  engine: Engine;
  token: string;
  /** Origins a browser may connect from (ours); requests without an Origin (non-browser clients) pass. */
  isAllowedOrigin: (origin: string) => boolean;
}

export interface WsEndpoint {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): Promise<void>;
}

function refuse(socket: Duplex, status: number, reason: string): void {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${reason.length}\r\n\r\n${reason}`);
}

function sendJson(ws: WebSocket, frame: ReplyFrame | EventFrame): void {
  if (ws.readyState !== WebSocket.OPEN) return;
  let text: string;
  try {
    text = JSON.stringify(frame);
  } catch (err) {
    // A value JSON cannot carry (a BigInt, a cycle) must fail that one call, not the host.
    if (!('id' in frame)) return;
    text = JSON.stringify({ id: frame.id, envelope: { ok: false, error: { code: 'internal', message: `Reply could not be encoded: ${(err as Error).message}` } } });
  }
  ws.send(text);
}

export function createWsEndpoint({ engine, token, isAllowedOrigin }: WsEndpointOptions): WsEndpoint {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });

  const unsubscribe = EVENT_NAMES.map((event) =>
    engine.on(event, (payload) => {
      for (const client of wss.clients) sendJson(client, { event, payload });
    }),
  );

  wss.on('connection', (ws) => {
    ws.on('message', (data: RawData, isBinary: boolean) => {
      if (isBinary) return sendJson(ws, { id: null, envelope: { ok: false, error: { code: 'invalid_request', message: 'Binary frames are not accepted.' } } });
      const parsed = parseCallFrame(data.toString());
      if (!parsed.ok) return sendJson(ws, parsed.reply);
      const { id, channel, request } = parsed.call;
      void engine.dispatch(channel, request).then((envelope) => sendJson(ws, { id, envelope }));
    });
    ws.on('error', () => ws.terminate());
  });

  return {
    handleUpgrade(req, socket, head) {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname !== WS_PATH) return refuse(socket, 404, 'Not Found');
      if (!tokenMatches(token, url.searchParams.get('token'))) return refuse(socket, 401, 'Unauthorized');
      const origin = req.headers.origin;
      if (origin !== undefined && !isAllowedOrigin(origin)) return refuse(socket, 403, 'Forbidden');
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
    },
    close: () =>
      new Promise<void>((resolve) => {
        unsubscribe.forEach((off) => off());
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
}
