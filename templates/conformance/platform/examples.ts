// Family `examples`: every request example of the spec is accepted and its answer matches the
// operation's response schema. Examples that name an earlier payment, schedule or order run in
// the flows, where the kit has created what they name.
import type { Scenario } from '../runner.js';
import type { CheckoutEntry, Example, S2sEntry } from '../tables.js';
import { field, schemaIssues, sendCheckout, sendS2s, type Answer, type Target } from '../wire.js';
import { fresh, names } from './requests.js';

export type Operation =
  { readonly kind: 's2s'; readonly entry: S2sEntry } | { readonly kind: 'checkout'; readonly entry: CheckoutEntry };

export const operationTitle = (operation: Operation) =>
  operation.kind === 's2s'
    ? `S2S ${operation.entry.protocol.toUpperCase()} ${operation.entry.action}`
    : `Checkout ${operation.entry.operationId}`;

/** Sends a body to the operation, signed (or with `hash`). */
export function sendTo(
  target: Target,
  operation: Operation,
  body: Readonly<Record<string, unknown>>,
  hash?: string,
): Promise<Answer> {
  return operation.kind === 's2s'
    ? sendS2s(target, operation.entry, body, {}, hash)
    : sendCheckout(target, operation.entry, body, hash);
}

/** Why an example cannot run on its own, or undefined. */
export function standalone(operation: Operation, example: Example): string | undefined {
  if (operation.kind === 'checkout' && !operation.entry.signed)
    return 'authenticated by a session token: runs in the Checkout flow';
  const reference = names(example.body);
  return reference
    ? `names an earlier ${reference}: not sent on its own (the flows send their own follow-ups)`
    : undefined;
}

/** The answer is an acceptance: 2xx, and on S2S a result other than ERROR. */
export function refusal(operation: Operation, answer: Answer): string | undefined {
  if (answer.status < 200 || answer.status > 299) return `HTTP ${answer.status}`;
  if (operation.kind === 's2s' && field(answer.body, 'result') === 'ERROR')
    return `result ERROR: ${String(field(answer.body, 'error_message'))}`;
  return undefined;
}

export function exampleScenarios(target: Target, operations: readonly Operation[]): Scenario[] {
  return operations.flatMap((operation) =>
    operation.entry.examples.map((example): Scenario => ({
      id: `examples/${operationTitle(operation)}/${example.key}`,
      family: 'examples',
      title: `${operationTitle(operation)} example ${example.key} is accepted and answers its schema`,
      async run(context) {
        const why = standalone(operation, example);
        if (why) return context.skip(why);
        const answer = await sendTo(target, operation, fresh(example));
        context.saw(answer.exchange);
        const refused = refusal(operation, answer);
        if (refused) return context.differ(`refused: ${refused}`);
        const issues = await schemaIssues(operation.entry.validateResponse, answer.body);
        if (issues) return context.differ(`answer outside its response schema: ${issues}`);
      },
    })),
  );
}
