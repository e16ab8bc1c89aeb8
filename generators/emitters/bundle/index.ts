// Emitter: generated/openapi.yaml, the bundled single-file spec (deployment settings applied).
// Tools that want one file (ajv in the tests, Redoc, other generators) read this.
import type { CreateNodeOptions, ToStringOptions } from 'yaml';
import type { SpecModel } from '../../model/spec-model.js';
import { oneShotWorker } from '../../shared/tool-worker.js';
import type { Emitter, GeneratedFile } from '../emitter.js';

export const BUNDLE_PATH = 'openapi.yaml';

/** yaml's printer in a worker thread: printing the whole spec takes a few hundred milliseconds, beside the other emitters. */
const printYaml = oneShotWorker<{ document: SpecModel['document']; options: CreateNodeOptions & ToStringOptions }, string>('emitters/bundle/yaml-worker.mjs');

export const bundleEmitter: Emitter = {
  name: 'bundle',
  warmUp() {
    printYaml.warmUp();
  },
  async emit(model: SpecModel): Promise<readonly GeneratedFile[]> {
    // Laid out by yaml's own printer: one line per value, single quotes as in the rest of the house.
    const contents = await printYaml.run({ document: model.document, options: { lineWidth: 0, aliasDuplicateObjects: false, singleQuote: true } });
    return [{ path: BUNDLE_PATH, contents, kind: 'yaml', source: 'generators/emitters/bundle' }];
  },
};
