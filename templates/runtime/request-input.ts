// A request's input as the caller gave it, checked and read once before the pipeline uses it:
// an object, walkable (no cycle, bounded nesting), every property readable (a throwing getter or
// Proxy gives a RequestValidationError, its message scrubbed of card numbers), and with the
// signing values its signature needs. The pipeline then works on the plain copy only.
import type { OperationDefinition } from './operation.js';
import { describeError } from './sensitive.js';
import { signingIssues } from './signing.js';
import { copyStructure } from './structure.js';
import { renderWirePath, type ValidationIssue } from './validation.js';

export function readRequestInput(
  definition: Pick<OperationDefinition, 'bodyStyle' | 'signing' | 'signature'>,
  input: unknown,
  /** The recipe variant the client selected (`cardStatusSignature: 'vendor'`): its signing values are required. */
  variant?: string,
  /** Copies the input's fields after the body's first ones (action and merchant key): see `withHead`. */
  withHead?: (fields: object) => Record<string, unknown>,
  /** Every field the request defines (its request module's `fields`); absent: any is taken. */
  fields?: readonly string[],
): { readonly input: object; readonly issues: readonly ValidationIssue[] } {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return { input: {}, issues: [{ path: '', rule: 'type', message: 'must be an object of request fields' }] };
  const { value, problem } = copyStructure(input, describeError, undefined, withHead);
  if (problem)
    return {
      input: {},
      issues: [
        { path: renderWirePath(definition.bodyStyle, problem.segments), rule: problem.rule, message: problem.message },
      ],
    };
  const signing = (variant !== undefined && definition.signature?.variants?.[variant]?.signing) || definition.signing;
  return {
    input: value as object,
    issues: [...unknownFields(fields, value as object), ...signingIssues(signing, value)],
  };
}

/** Fields of the input that never go on the wire (a caller's `hash` is dropped too): `unsignedBody` leaves them out by name. */
export const LOCAL_FIELDS: ReadonlySet<string> = new Set(['signing', 'headers', 'hash']);
const knownFields = new WeakMap<readonly string[], ReadonlySet<string>>();

/** Fields the request does not define, by name only (their values may be card data). */
function unknownFields(fields: readonly string[] | undefined, input: object): ValidationIssue[] {
  if (!fields) return [];
  let known = knownFields.get(fields);
  if (!known) knownFields.set(fields, (known = new Set(fields)));
  const issues: ValidationIssue[] = [];
  for (const key of Object.keys(input)) {
    if (!known.has(key) && !LOCAL_FIELDS.has(key))
      issues.push({
        path: key,
        rule: 'unevaluatedProperties',
        message: 'is not a field of this request (check its name): it is not sent',
      });
  }
  return issues;
}
