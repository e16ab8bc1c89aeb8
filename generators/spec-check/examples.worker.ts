// The examples stage in a worker thread: ajv compiles every schema and validates the examples on
// another core while the main thread builds the model and runs the emitters; the generation
// writes nothing until its verdict is in (pipeline.ts). `npm run generate` runs this file as an
// entry of its bundle (run.mjs); from sources (tests, tsx) tsx loads it (shared/typescript-worker.mjs).
import { serveRequests } from '../shared/serve-requests.mjs';
import { exampleVerdict } from './example-verdict.js';

serveRequests(exampleVerdict);
