// The worker side of tool-worker.ts: answers each request with `handle(request)`, by id.
import { parentPort } from 'node:worker_threads';

export function serveRequests(handle) {
  parentPort.on('message', async ({ id, request }) => {
    try {
      parentPort.postMessage({ id, reply: await handle(request) });
    } catch (error) {
      parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    }
  });
}
