// The kit's own callback endpoint: the platform under test is configured to post callbacks to
// it (`--callback-listen`). It answers as a merchant must (`OK`) and keeps every raw body.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CallbackListener {
  readonly url: string;
  /** Raw bodies in arrival order. */
  readonly received: readonly string[];
  close(): Promise<void>;
}

export async function startCallbackListener(
  options: { readonly host?: string; readonly port?: number } = {},
): Promise<CallbackListener> {
  const received: string[] = [];
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      received.push(Buffer.concat(chunks).toString('utf8'));
      response.writeHead(200, { 'Content-Type': 'text/plain' });
      response.end('OK');
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, resolve);
  });
  return {
    url: `http://${host}:${(server.address() as AddressInfo).port}/`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
