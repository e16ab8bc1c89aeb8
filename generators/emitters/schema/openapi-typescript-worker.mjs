// Runs openapi-typescript in a worker thread: it loads its own TypeScript compiler, which then
// happens in parallel with the main thread. It loads on start; the document comes by message.
import openapiTS, { astToString } from 'openapi-typescript';
import { serveRequests } from '../../shared/serve-requests.mjs';

serveRequests(async ({ document, options }) => astToString(await openapiTS(document, options)));
