// Family `examples`: every request example of the spec is accepted and its answer matches the
// operation's response schema. An example that names an earlier payment, schedule, token or order
// runs after the request that creates it (chains.ts), once per name its id may take.
import type { Scenario } from '../runner.js';
import type { Example } from '../tables.js';
import { field, schemaIssues, sendCheckout, sendS2s, type Answer, type Target } from '../wire.js';
import { aliasesOf, hostedFieldsPayment, referencedFields, runChained } from './chains.js';
import { operationTitle, type IdentifierTables, type Operation } from './operations.js';
import { fresh } from './requests.js';
import type { Steps } from './steps.js';

/** Sends a body to the operation, signed (or with `hash`). */
export function sendTo(
  target: Target,
  operation: Operation,
  body: Readonly<Record<string, unknown>>,
  hash?: string,
): Promise<Answer> {
  return operation.kind === 's2s'
    ? sendS2s(target, operation.entry, body, {}, hash)
    : sendCheckout(target, operation.entry, body, hash === undefined ? {} : { hash });
}

/** Sessions' hosted-field requests are authenticated by a session token only the payer's page holds. */
function tokenAuthenticated(operation: Operation): boolean {
  return operation.kind === 'checkout' && !operation.entry.signed;
}

/** Why an example cannot run on its own, or undefined. */
export function standalone(identifiers: IdentifierTables, operation: Operation, example: Example): string | undefined {
  if (tokenAuthenticated(operation)) return 'authenticated by a session token';
  const referenced = referencedFields(identifiers[operationTitle(operation)], example);
  return referenced.length > 0 ? `names an earlier ${referenced.join(', ')}` : undefined;
}

/** The answer is an acceptance: 2xx, and on S2S a result other than ERROR. */
export function refusal(operation: Operation, answer: Answer): string | undefined {
  if (answer.status < 200 || answer.status > 299) return `HTTP ${answer.status}`;
  if (operation.kind === 's2s' && field(answer.body, 'result') === 'ERROR')
    return `result ERROR: ${String(field(answer.body, 'error_message'))}`;
  return undefined;
}

export function exampleScenarios(steps: Steps, operations: readonly Operation[]): Scenario[] {
  return operations.flatMap((operation) => {
    const title = operationTitle(operation);
    return operation.entry.examples.flatMap((example): Scenario[] => {
      const chained = referencedFields(steps.identifiers[title], example).length > 0;
      const scenario = (alias?: readonly [string, string]): Scenario => ({
        id: `examples/${title}/${example.key}${alias ? `/${alias[1]}` : ''}`,
        family: 'examples',
        title: `${title} example ${example.key}${alias ? ` with ${alias[1]} for ${alias[0]}` : ''}${chained ? ', after what it names,' : ''} is accepted and answers its schema`,
        async run(context) {
          const answer =
            operation.kind === 'checkout' && tokenAuthenticated(operation)
              ? await hostedFieldsPayment(steps, context, operation, example)
              : chained
                ? await runChained(steps, context, operation, title, example, alias)
                : await sendTo(steps.target, operation, fresh(example));
          context.saw(answer.exchange);
          const refused = refusal(operation, answer);
          if (refused) return context.differ(`refused: ${refused}`);
          const issues = await schemaIssues(operation.entry.validateResponse, answer.body);
          if (issues) return context.differ(`answer outside its response schema: ${issues}`);
        },
      });
      const aliases = aliasesOf(steps.identifiers[title], example).flatMap((group) =>
        group.slice(1).map((other) => scenario([group[0]!, other] as const)),
      );
      return [scenario(), ...aliases];
    });
  });
}
