// Writes test/fixtures/signature-vectors.json, the golden vectors both clients' tests read.
import { writeFileSync } from 'node:fs';
import { loadModel } from '../generators/pipeline.js';
import { buildVectors, vectorsText, VECTORS_FILE } from '../test/support/signature-vectors.js';
import { PROJECT_ROOT } from '../test/support/spec-examples.js';

const vectors = buildVectors(await loadModel(PROJECT_ROOT));
writeFileSync(VECTORS_FILE, vectorsText(vectors));
console.log(`${vectors.length} vectors written to ${VECTORS_FILE}`);
