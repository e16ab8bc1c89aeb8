// ajv 2020-12 compiled from the bundled spec: the independent reference the generated
// validators are compared with, the one the spec check validates examples with
// (generators/spec-check/reference-ajv.ts).
import { referenceAjv, type ReferenceAjv } from '../../generators/spec-check/reference-ajv.js';
import { loadBundledSpec } from './spec-examples.js';

export type AjvValidators = Pick<ReferenceAjv, 'validator'>;

export function createAjv(options: { allErrors?: boolean } = {}, spec: Record<string, any> = loadBundledSpec()): AjvValidators {
  return referenceAjv(spec, options);
}
