// Emitter: generated/openapi.yaml, the bundled single-file spec (deployment settings applied).
// Tools that want one file (ajv in the tests, Redoc, other generators) read this.
import { stringify } from 'yaml';
import type { SpecModel } from '../../model/spec-model.js';
import type { Emitter, GeneratedFile } from '../emitter.js';

export const BUNDLE_PATH = 'openapi.yaml';

export const bundleEmitter: Emitter = {
  name: 'bundle',
  async emit(model: SpecModel): Promise<readonly GeneratedFile[]> {
    // Laid out by yaml's own printer: one line per value, single quotes as in the rest of the house.
    const contents = stringify(model.document, { lineWidth: 0, aliasDuplicateObjects: false, singleQuote: true });
    return [{ path: BUNDLE_PATH, contents, kind: 'yaml', source: 'generators/emitters/bundle' }];
  },
};
