// Runs openapi-typescript in a worker thread: it loads its own TypeScript compiler, which then
// happens in parallel with the main thread. It loads on start; the document comes by message.
// Loaded by require(), its CommonJS build: imported as ESM, Node scans the source of every
// CommonJS module it imports for export names (TypeScript's 9 MB compiler, Redocly's core), which
// took a third of the worker's start.
import { createRequire } from 'node:module';
import { serveRequests } from '../../shared/serve-requests.mjs';

const { default: openapiTS, astToString } = createRequire(import.meta.url)('openapi-typescript');

serveRequests(async ({ document, options }) => astToString(await openapiTS(document, options)));
