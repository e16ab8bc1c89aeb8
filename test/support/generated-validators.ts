// Looks up the generated `validateX` of a component schema by name.
import * as validators from '../../generated/client/src/validators.js';
import type { ValidationResult, WirePathStyle } from '../../generated/client/src/runtime/validation.js';

type Validate = (value: unknown, style?: WirePathStyle) => ValidationResult<unknown>;

export function generatedValidator(schemaName: string): Validate {
  const fn = (validators as unknown as Record<string, Validate | undefined>)[`validate${schemaName}`];
  if (!fn) throw new Error(`No generated validator for ${schemaName}`);
  return fn;
}
