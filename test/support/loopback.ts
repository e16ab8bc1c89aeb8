// A node:http server on 127.0.0.1 that records what it receives and answers from a queue.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

export interface ReceivedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

export interface Reply {
  readonly status?: number;
  readonly body?: unknown;
  readonly contentType?: string;
  /** Wait this long before answering (timeouts). */
  readonly delayMs?: number;
}

export interface Loopback {
  readonly baseUrl: string;
  readonly received: ReceivedRequest[];
  reply(...replies: Reply[]): void;
  close(): Promise<void>;
}

export async function startLoopback(): Promise<Loopback> {
  const received: ReceivedRequest[] = [];
  const queue: Reply[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const reply = queue.shift() ?? { status: 200, body: { result: 'SUCCESS' } };
      const send = () => {
        const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? {});
        response.writeHead(reply.status ?? 200, { 'Content-Type': reply.contentType ?? 'application/json' });
        response.end(text);
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    received,
    reply: (...replies) => queue.push(...replies),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The loopback server of a test file: started before its tests, closed after them. */
export function useLoopback(): Loopback {
  let started: Loopback | undefined;
  beforeAll(async () => {
    started = await startLoopback();
  });
  afterAll(async () => {
    await started?.close();
  });
  const current = (): Loopback => {
    if (!started) throw new Error('The loopback server is started before the tests run');
    return started;
  };
  return {
    get baseUrl() {
      return current().baseUrl;
    },
    get received() {
      return current().received;
    },
    reply: (...replies) => current().reply(...replies),
    close: () => current().close(),
  };
}
