// Emitter: the client. Thin and declarative: one OperationDefinition per S2S action and per
// Checkout endpoint, a standalone function for each (tree-shakable), and the two client
// factories. Every call runs through the hand-written pipeline in templates/runtime.
//
// Its code (files.ts) loads when it runs, and ts-morph with it: a generation that takes the
// client's files from the cache (an edit to a field's description, a run with nothing changed)
// never loads ts-morph, which took a sixth of such a run before the spec was read.
import type { SpecModel } from '../../model/spec-model.js';
import { type Emitter, type GeneratedFile, withoutFieldProse } from '../emitter.js';

export const clientEmitter: Emitter = withoutFieldProse({
  name: 'client',
  async emit(model: SpecModel): Promise<readonly GeneratedFile[]> {
    return (await import('./files.js')).clientFiles(model);
  },
});
