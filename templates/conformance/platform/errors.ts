// Family `errors`: every `x-errors` entry whose condition the kit can provoke is answered with
// the catalogue's code and message. The kit provokes a condition from what the entry says: an
// id that does not exist (`… does not exist.`, `… not found`, `Incorrect transaction`), a zero
// amount (`… greater than 0.`), a deprecated parameter, a page size out of range; a refusal row of
// the state table by a payment in the row's state. Any other entry is listed as skipped, with its
// condition, so the report says what was not tried.
import type { Scenario, ScenarioContext } from '../runner.js';
import type { ErrorCase } from '../tables.js';
import { field, type Answer, type Target } from '../wire.js';
import { paymentInto } from './chains.js';
import { sendTo } from './examples.js';
import { operationTitle, type Operation } from './operations.js';
import { fresh, orderId, setPath } from './requests.js';
import type { Steps } from './steps.js';

interface Provocation {
  readonly message: RegExp;
  /** The value that provokes the condition in the entry's field. */
  value(field: string): unknown;
  /** Fields whose presence makes the value allowed, left out of the request. */
  readonly without?: readonly string[];
}

const PROVOCATIONS: readonly Provocation[] = [
  {
    message: /does not exist|not found|^Incorrect transaction/i,
    value: (name) =>
      /order/.test(name)
        ? orderId('UNKNOWN')
        : `00000000-0000-4000-8000-${Date.now().toString().padStart(12, '0').slice(-12)}`,
  },
  // A zero amount is allowed with an authorization or a recurring initiation (the spec's amount rules).
  { message: /greater than 0/, value: () => '0.00', without: ['auth', 'recurring_init'] },
  { message: /^Parameter is deprecated/, value: () => '1' },
  { message: /should be within (\d+)\.\.(\d+)/, value: () => 101 },
];

/** The (code, message) pairs an error answer carries: its own and each `errors[]` entry's. */
function answered(body: unknown): { code: string; message: string }[] {
  const pairs = [{ code: String(field(body, 'error_code')), message: String(field(body, 'error_message')) }];
  const list = field(body, 'errors');
  if (Array.isArray(list))
    for (const entry of list)
      pairs.push({ code: String(field(entry, 'error_code')), message: String(field(entry, 'error_message')) });
  return pairs;
}

/** A refusal row's error: a payment in the row's state (the success test card or identifier), then the operation naming it. */
async function refusalAnswer(
  steps: Steps,
  context: ScenarioContext,
  operation: Extract<Operation, { kind: 's2s' }>,
  message: string,
): Promise<Answer | undefined> {
  const { protocol, action } = operation.entry;
  const row = steps.tables.transitions.find(
    (move) => move.error === message && (move.protocols === undefined || move.protocols.includes(protocol)),
  );
  if (!row) return undefined;
  const plan = paymentInto(steps, protocol, row.from);
  const made = await steps.payment(`refusal ${action}`, protocol, plan.action, 'success', plan.extra, false);
  steps.expect(context, made.answer, row.from, `${plan.action} (to reach ${row.from})`);
  return steps.followUp(protocol, action, made.payment, made.body);
}

/** The condition provoked from what the catalogue entry says, or a skip saying the kit cannot. */
async function provoked(
  target: Target,
  context: ScenarioContext,
  operation: Operation,
  error: ErrorCase & { message: string },
): Promise<Answer> {
  const provocation = PROVOCATIONS.find((candidate) => candidate.message.test(error.message));
  const path = error.field ?? error.message.match(/^([a-z_.]+):/)?.[1];
  // The example that already carries the field (a lookup by order, not by payment).
  const example =
    operation.entry.examples.find((candidate) => path !== undefined && path in candidate.body) ??
    operation.entry.examples[0];
  if (!provocation || !example || !path) return context.skip(`the kit cannot provoke it: ${error.when}`);
  if (operation.kind === 'checkout' && !operation.entry.signed) return context.skip('authenticated by a session token');
  const body = fresh(example);
  // The JSON bodies name the amount inside `order`.
  const wirePath = operation.kind === 'checkout' && path === 'amount' && 'order' in body ? 'order.amount' : path;
  for (const name of provocation.without ?? []) delete body[name];
  setPath(body, wirePath, provocation.value(wirePath));
  return sendTo(target, operation, body);
}

export function errorScenarios(steps: Steps, operations: readonly Operation[]): Scenario[] {
  return operations.flatMap((operation) =>
    operation.entry.errors
      .filter((error): error is ErrorCase & { message: string } => error.message !== undefined)
      .map((error): Scenario => ({
        id: `errors/${operationTitle(operation)}/${error.message}`,
        family: 'errors',
        title: `${operationTitle(operation)}: "${error.message}"${error.code ? ` (${error.code})` : ''}`,
        async run(context) {
          const refused =
            operation.kind === 's2s' ? await refusalAnswer(steps, context, operation, error.message) : undefined;
          const answer = refused ?? (await provoked(steps.target, context, operation, error));
          context.saw(answer.exchange);
          const pairs = answered(answer.body);
          const match = pairs.find(
            (pair) => pair.message === error.message || pair.message.endsWith(`: ${error.message}`),
          );
          if (!match)
            return context.differ(
              `expected error_message "${error.message}", answered ${pairs.map((pair) => `"${pair.message}"`).join(', ')}`,
            );
          if (error.code !== undefined && match.code !== error.code)
            return context.differ(`expected error_code ${error.code} with "${error.message}", answered ${match.code}`);
        },
      })),
  );
}
