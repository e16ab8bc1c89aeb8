// openapi-typescript in a worker thread (./openapi-typescript-worker.mjs). Loading it (its own
// TypeScript compiler and Redocly) takes most of a second, so warmUp() starts it before the spec
// is even loaded: `npm run generate` calls it before it loads the generators' own tools
// (generators/warm-up.ts), which is why this module imports nothing heavy.
import type { OpenAPITSOptions } from 'openapi-typescript';
import type { SpecModel } from '../../model/spec-model.js';
import { oneShotWorker } from '../../shared/tool-worker.js';

export const openapiTypescript = oneShotWorker<{ document: SpecModel['document']; options: OpenAPITSOptions }, string>('emitters/schema/openapi-typescript-worker.mjs');
