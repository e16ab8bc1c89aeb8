// Runs openapi-typescript in a worker thread: it loads its own TypeScript compiler, which then
// happens in parallel with the other emitters instead of on the main thread.
import { parentPort, workerData } from 'node:worker_threads';
import openapiTS, { astToString } from 'openapi-typescript';

const ast = await openapiTS(workerData.document, workerData.options);
parentPort.postMessage(astToString(ast));
