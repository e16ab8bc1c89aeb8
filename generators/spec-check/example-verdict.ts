// The examples stage's work, as its worker thread runs it (examples.worker.ts): every example
// validated by the reference ajv, each failure explained at the field at fault
// (example-failures.ts). Placing a failure at its file:line:col needs the spec's files, so that
// stays with the check (check.ts); this answers with data a message can carry.
import type { OpenApiDocument } from '../model/openapi.js';
import { ExampleExplainer } from './example-failures.js';
import { referenceAjv } from './reference-ajv.js';

export interface ExampleVerdictRequest {
  readonly document: OpenApiDocument;
  /** Each example with the JSON pointer of the schema it must match (`/components/schemas/SaleRequest`). */
  readonly examples: readonly { readonly schema: string; readonly value: unknown }[];
}

export interface ExampleVerdict {
  /** Set when the schemas do not compile in the reference ajv (no example was validated). */
  readonly compileError?: string;
  /** Each failure with the index of its example in the request. */
  readonly failures: readonly { readonly example: number; readonly path: readonly (string | number)[]; readonly message: string }[];
}

export function exampleVerdict({ document, examples }: ExampleVerdictRequest): ExampleVerdict {
  let ajv: ReturnType<typeof referenceAjv>;
  try {
    // Compiled for this one pass over the examples: ajv's code optimization would cost more than it saves.
    ajv = referenceAjv(document as unknown as Record<string, unknown>, { optimize: false });
  } catch (error) {
    return { compileError: (error as Error).message, failures: [] };
  }
  const explainer = new ExampleExplainer(ajv);
  return { failures: examples.flatMap(({ schema, value }, example) => explainer.explain(schema, value).map((failure) => ({ example, ...failure }))) };
}
