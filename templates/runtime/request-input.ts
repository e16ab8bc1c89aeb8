// A request's input as the caller gave it, checked and read once before the pipeline uses it:
// an object, walkable (no cycle, bounded nesting), every property readable (a throwing getter or
// Proxy gives a RequestValidationError, its message scrubbed of card numbers), and with the
// signing values its signature needs. The pipeline then works on the plain copy only.
import type { OperationDefinition } from './pipeline.js';
import { scrubText } from './sensitive.js';
import { signingIssues } from './signing.js';
import { copyStructure } from './structure.js';
import { renderWirePath, type ValidationIssue } from './validation.js';

const describe = (error: unknown): string => {
  let text: string;
  try {
    text = error instanceof Error ? error.message : String(error);
  } catch {
    text = 'an error that cannot be shown';
  }
  return scrubText(text);
};

export function readRequestInput(
  definition: Pick<OperationDefinition, 'bodyStyle' | 'signing' | 'signature'>,
  input: unknown,
  /** The recipe variant the client selected (`cardStatusSignature: 'vendor'`): its signing values are required. */
  variant?: string,
): { readonly input: object; readonly issues: readonly ValidationIssue[] } {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return { input: {}, issues: [{ path: '', rule: 'type', message: 'must be an object of request fields' }] };
  const { value, problem } = copyStructure(input, describe);
  if (problem)
    return {
      input: {},
      issues: [
        { path: renderWirePath(definition.bodyStyle, problem.segments), rule: problem.rule, message: problem.message },
      ],
    };
  const signing = (variant !== undefined && definition.signature?.variants?.[variant]?.signing) || definition.signing;
  return { input: value as object, issues: signingIssues(signing, value) };
}
