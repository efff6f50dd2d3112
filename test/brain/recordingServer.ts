// A real chat-completions server on 127.0.0.1 for the Brain tests: records every request it receives and answers
// from a script (one step per request, then the default), so tests can stage timeouts, 429s, 500s and bad JSON.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  text: string;
  body: { model?: string; messages?: { role: string; content: string }[] } & Record<string, unknown>;
}

export type ScriptStep =
  | { kind: 'reply'; content: string }
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: string }
  | { kind: 'rawBody'; body: string }
  | { kind: 'hang' };

export interface RecordingServer {
  baseURL: string;
  requests: RecordedRequest[];
  script: ScriptStep[];
  /** Content of the default reply, from the request. */
  respond: (req: RecordedRequest) => string;
  close(): Promise<void>;
}

function completion(content: string, model = 'test-model'): string {
  return JSON.stringify({
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 0,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
  });
}

export async function startRecordingServer(options: { script?: ScriptStep[]; respond?: (req: RecordedRequest) => string } = {}): Promise<RecordingServer> {
  const state = {
    requests: [] as RecordedRequest[],
    script: [...(options.script ?? [])],
    respond: options.respond ?? (() => '{"ranking":[]}'),
  };
  const handle = (req: IncomingMessage, res: ServerResponse, text: string): void => {
    let body: RecordedRequest['body'] = {};
    try {
      body = JSON.parse(text);
    } catch {
      /* recorded as text */
    }
    const recorded: RecordedRequest = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, text, body };
    state.requests.push(recorded);
    const step = state.script.shift() ?? { kind: 'reply', content: state.respond(recorded) };
    switch (step.kind) {
      case 'hang':
        return; // never answer: the client must time out
      case 'status':
        res.writeHead(step.status, { 'content-type': 'application/json', ...step.headers });
        res.end(step.body ?? JSON.stringify({ error: { message: `scripted ${step.status}`, type: 'server_error' } }));
        return;
      case 'rawBody':
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(step.body);
        return;
      case 'reply':
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(completion(step.content, body.model));
    }
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    get requests() {
      return state.requests;
    },
    get script() {
      return state.script;
    },
    set script(s: ScriptStep[]) {
      state.script = s;
    },
    get respond() {
      return state.respond;
    },
    set respond(f: (req: RecordedRequest) => string) {
      state.respond = f;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback URL where nothing listens (connection refused). */
export async function closedPortURL(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/v1`;
}
