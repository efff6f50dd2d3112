// A loopback HTTP server for download tests: serves one buffer with HEAD and Range support, throttled so a test
// can cancel mid-transfer. Counts requested ranges so tests can see that a resume did not start from zero.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GgufServer {
  url(fileName: string): string;
  /** Byte offsets at which GET requests started. */
  readonly rangeStarts: number[];
  /** Bytes actually sent by GET responses. */
  readonly bytesSent: () => number;
  close(): Promise<void>;
}

export async function startGgufServer(
  body: Buffer,
  options: { chunkBytes?: number; delayMs?: number; announcedSize?: number } = {},
): Promise<GgufServer> {
  const chunk = options.chunkBytes ?? 16 * 1024;
  const delay = options.delayMs ?? 0;
  const announced = options.announcedSize ?? body.length;
  const rangeStarts: number[] = [];
  let sent = 0;
  const server: Server = createServer((req, res) => {
    const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
    const start = range ? Number(range[1]) : 0;
    const end = range && range[2] ? Math.min(Number(range[2]), announced - 1) : announced - 1;
    if (start >= announced) {
      res.writeHead(416, { 'Content-Range': `bytes */${announced}` }).end();
      return;
    }
    const headers: Record<string, string | number> = {
      'Content-Type': 'application/octet-stream',
      'Accept-Ranges': 'bytes',
      'Content-Length': end - start + 1,
    };
    if (range) headers['Content-Range'] = `bytes ${start}-${end}/${announced}`;
    res.writeHead(range ? 206 : 200, headers);
    if (req.method === 'HEAD') return void res.end();
    rangeStarts.push(start);
    let pos = start;
    let closed = false;
    res.on('close', () => (closed = true));
    const pump = () => {
      if (closed) return;
      const stop = Math.min(end + 1, pos + chunk, body.length);
      if (pos >= stop) return void res.end(); // announced more than we have: end early, like a broken server
      res.write(body.subarray(pos, stop));
      sent += stop - pos;
      pos = stop;
      if (pos > end) res.end();
      else setTimeout(pump, delay);
    };
    pump();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: (fileName) => `http://127.0.0.1:${port}/${fileName}`,
    rangeStarts,
    bytesSent: () => sent,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
