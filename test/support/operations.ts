// The generated client's operation definitions and the spec's request examples, matched: shared
// by the sandbox test of every operation and the loopback test of their bytes.
import * as checkout from '../../generated/client/src/checkout.js';
import type { OperationDefinition } from '../../generated/client/src/index.js';
import * as s2s from '../../generated/client/src/s2s.js';
import type { OpenApiDocument } from '../../generators/model/openapi.js';
import { clientFilledFields, clientOperations } from '../../generators/model/operations.js';
import { buildSpecModel } from '../../generators/model/spec-model.js';
import { collectExamples, loadBundledSpec } from './spec-examples.js';

export const definitions = [...Object.values(s2s), ...Object.values(checkout)].filter(
  (value): value is OperationDefinition => typeof value === 'object' && value !== null && 'validator' in value && 'path' in value,
);
export const s2sDefinitions = definitions.filter((definition) => definition.action !== undefined);

/** The definition an example belongs to: by path, then by action (an APM sale carries `brand`). */
export function definitionFor(path: string, example: Record<string, unknown>): OperationDefinition {
  if (path !== '/post') return definitions.find((definition) => definition.path === path)!;
  const candidates = s2sDefinitions.filter((definition) => definition.action === example['action']);
  const protocol = example['action'] === 'SALE' || example['action'] === 'AUTH' ? (example['brand'] !== undefined ? 'S2S APM' : 'S2S CARD') : undefined;
  return candidates.find((definition) => (protocol ? definition.name.startsWith(protocol) : true)) ?? candidates[0]!;
}

/** Fields the client fills in itself (the action, the merchant key, the signature): the model's list. */
export const CLIENT_FILLED = clientFilledFields(clientOperations(buildSpecModel(loadBundledSpec() as OpenApiDocument, [])));
export const requestExamples = collectExamples().filter((example) => example.id.includes(' request ') && !example.id.startsWith('webhook '));
export const callbackExamples = collectExamples().filter((example) => example.id.startsWith('webhook ') && example.id.includes(' request '));
