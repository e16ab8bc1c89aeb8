// A worker whose code is TypeScript, when the generators run from their sources (tests, tsx):
// tsx loads the module named in workerData. `npm run generate` runs the module's bundled entry
// instead (run.mjs), on plain Node (locations.ts `typescriptWorker`).
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.module, import.meta.url);
