// Emitter: the client. Thin and declarative: one OperationDefinition per S2S action and per
// Checkout endpoint, a standalone function for each (tree-shakable), and the two client
// factories. Every call runs through the hand-written pipeline in templates/runtime.
//
// Its code (files.ts) is imported statically: it writes its text with generators/shared/code-text
// and loads no tool, so deferring it to the run would save nothing worth a chunk of its own (it
// was deferred while it loaded ts-morph, a sixth of a cached run before the spec was read).
import type { SpecModel } from '../../model/spec-model.js';
import { type Emitter, type GeneratedFile, withoutFieldProse } from '../emitter.js';
import { clientFiles } from './files.js';

export const clientEmitter: Emitter = withoutFieldProse({
  name: 'client',
  async emit(model: SpecModel): Promise<readonly GeneratedFile[]> {
    return clientFiles(model);
  },
});
