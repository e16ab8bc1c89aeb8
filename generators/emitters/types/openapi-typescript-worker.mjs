// Runs openapi-typescript in a worker thread: it loads its own TypeScript compiler, which then
// happens in parallel with the main thread. It loads on start; the document comes by message.
import { parentPort } from 'node:worker_threads';
import openapiTS, { astToString } from 'openapi-typescript';

parentPort.once('message', async ({ document, options }) => {
  try {
    parentPort.postMessage({ text: astToString(await openapiTS(document, options)) });
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
