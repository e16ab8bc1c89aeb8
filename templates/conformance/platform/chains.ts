// Examples that name something an earlier request created (a transaction, a Checkout payment, a
// schedule, a card or recurring token, an order to look up) run after that request: the kit makes
// the prerequisite with the documented test card, puts what it answered into the example under
// every field that names it (by the spec's identifier schema, so each alias of an id is filled the
// same way), and signs the result. Which prerequisite an example needs is read from the operation
// and the state table: the state its move starts from, an initiating payment for a recurring
// charge, a tokenizing payment for a token.
import type { ScenarioContext } from '../runner.js';
import type { Example } from '../tables.js';
import { field, sendCheckout, sendS2s, type Answer } from '../wire.js';
import type { Operation, OperationIdentifiers } from './operations.js';
import { fresh, looksUpOrder, orderId } from './requests.js';
import { NEEDS_PAYER, NEW, type Earlier, type S2sProtocol, type Steps } from './steps.js';

const SCHEDULE = 'ScheduleId';
const PAYMENT = 'PaymentId';
const ORDER = 'OrderId';
/** The answer field a recurring chain hands out, and the request flag that asks for it (the spec's names). */
const RECURRING_TOKEN = 'recurring_token';
const CARD_TOKEN = 'card_token';

/** The fields of `example` that name an earlier answer's identifiers (a new order's own id is not one). */
export function referencedFields(identifiers: OperationIdentifiers | undefined, example: Example): string[] {
  const lookup = looksUpOrder(example.body);
  return Object.entries(identifiers?.request ?? {})
    .filter(([name, schema]) => name in example.body && (schema !== ORDER || lookup))
    .map(([name]) => name);
}

/** The alias groups of the identifiers `example` sends, the name it sends first. */
export function aliasesOf(identifiers: OperationIdentifiers | undefined, example: Example): string[][] {
  return (identifiers?.aliases ?? []).flatMap((group) => {
    const sent = group.find((name) => name in example.body);
    return sent ? [[sent, ...group.filter((name) => name !== sent)]] : [];
  });
}

/** The request that leaves a new S2S payment in `state`: an authorization for the table's AUTH state, else a SALE. */
export function paymentInto(
  steps: Steps,
  protocol: S2sProtocol,
  state: string,
): { action: string; extra: Record<string, unknown> } {
  if (state !== steps.to(NEW, { event: 'authorized' }, protocol)) return { action: 'SALE', extra: {} };
  // The table's row reads "AUTH, or SALE with auth=Y": S2S APM has no AUTH action.
  return steps.find(protocol, 'AUTH') ? { action: 'AUTH', extra: {} } : { action: 'SALE', extra: { auth: 'Y' } };
}

/** The S2S payment a follow-up of `action` names: the state its moves start from, by the state table. */
function prerequisiteOf(
  steps: Steps,
  protocol: S2sProtocol,
  action: string,
): { action: string; extra: Record<string, unknown> } {
  const starts = new Set(
    steps.tables.transitions
      .filter(
        (move) =>
          move.actions?.includes(action) &&
          move.error === undefined &&
          (move.protocols === undefined || move.protocols.includes(protocol)),
      )
      .map((move) => move.from),
  );
  // The one state every move of the action starts from; a settled SALE when there is none or several.
  return paymentInto(
    steps,
    protocol,
    starts.size === 1 ? [...starts][0]! : steps.to(NEW, { event: 'approved' }, protocol),
  );
}

async function schedule(steps: Steps, context: ScenarioContext): Promise<Earlier> {
  const entry = steps.s2s('card', 'CREATE_SCHEDULE');
  const body = fresh(entry.examples[0]!);
  const answer = await sendS2s(steps.target, entry, body);
  context.saw(answer.exchange);
  const earlier = steps.earlier('S2S CARD CREATE_SCHEDULE', answer.body);
  if (!earlier.bySchema[SCHEDULE]) return context.differ('CREATE_SCHEDULE (the prerequisite) answered no schedule_id');
  return earlier;
}

type Plan = { action: string; extra: Record<string, unknown> };

/** The card payment that hands out a card token (`req_token=Y`). */
const TOKENIZING: Plan = { action: 'SALE', extra: { req_token: 'Y' } };

/** Makes a prerequisite S2S payment with the success test card or identifier; what it handed out. */
async function madePayment(
  steps: Steps,
  context: ScenarioContext,
  protocol: S2sProtocol,
  plan: Plan,
  why: string,
): Promise<Earlier> {
  const { answer, body } = await steps.payment(why, protocol, plan.action, 'success', plan.extra, false);
  context.saw(answer.exchange);
  if (field(answer.body, 'result') !== 'SUCCESS')
    return context.differ(
      `${plan.action} (the prerequisite) with the success test card answered ${String(field(answer.body, 'result'))}: ${String(field(answer.body, 'error_message') ?? field(answer.body, 'status'))}`,
    );
  return steps.earlier(`S2S ${protocol.toUpperCase()} ${plan.action}`, answer.body, body, {
    order_id: String(body['order_id']),
  });
}

/** The S2S payment an example of an S2S operation names. */
function s2sPayment(
  steps: Steps,
  context: ScenarioContext,
  operation: Extract<Operation, { kind: 's2s' }>,
  referenced: readonly string[],
  example: Example,
  scheduleId: string | undefined,
): Promise<Earlier> {
  const { protocol, action } = operation.entry;
  const recurring = /^RECURRING_(.+)$/.exec(action)?.[1];
  let plan: Plan;
  // A recurring charge follows the payment of its own kind that initiated the chain (RECURRING_DEBIT a DEBIT).
  if (recurring) plan = { action: recurring, extra: { recurring_init: 'Y' } };
  else if (referenced.includes(CARD_TOKEN)) plan = TOKENIZING;
  else if (referenced.includes(RECURRING_TOKEN)) plan = { action: 'SALE', extra: { recurring_init: 'Y' } };
  else plan = prerequisiteOf(steps, protocol, action);
  const extra: Record<string, unknown> = { ...plan.extra };
  // A chain initiated under the schedule, so the schedule's verbs (DESCHEDULE) find it.
  if (scheduleId && extra['recurring_init'] !== undefined) extra['schedule_id'] = scheduleId;
  // The follow-up's amount (a capture, a partial refund) is the payment's, so it has something to move.
  if (typeof example.body['amount'] === 'string') extra['order_amount'] = example.body['amount'];
  const paying = referenced.includes(CARD_TOKEN) ? 'card' : protocol;
  return madePayment(steps, context, paying, { action: plan.action, extra }, `prerequisite of ${action}`);
}

/** The Checkout payment an example names: authorized for a capture, recurring-initiating for a recurring charge. */
async function checkoutPayment(steps: Steps, context: ScenarioContext, operationId: string): Promise<Earlier> {
  const word = operationId.replace(/Payment$/, '').toUpperCase();
  const held = steps.to(NEW, { event: 'authorized' }, 'checkout');
  const moves = steps.tables.transitions.filter((move) => move.actions?.includes(word) && move.error === undefined);
  const wantsHold = moves.length > 0 && moves.every((move) => move.from === held);
  const sessions = steps
    .checkout('createSession')
    .examples.filter(
      (candidate) =>
        Array.isArray(candidate.body['methods']) &&
        (candidate.body['methods'] as unknown[]).includes('card') &&
        !(CARD_TOKEN in candidate.body) &&
        !('schedule_id' in candidate.body),
    );
  const session =
    sessions.find(
      (candidate) =>
        Boolean(candidate.body['auth']) === wantsHold && (wantsHold || candidate.body['recurring_init'] === true),
    ) ?? sessions.find((candidate) => Boolean(candidate.body['auth']) === wantsHold);
  if (!session)
    return context.skip(`the spec has no card session example ${wantsHold ? 'that authorizes' : 'that pays'}`);
  const { earlier } = await steps.checkoutPayment(
    context,
    `prerequisite of ${operationId}`,
    session.body as Record<string, unknown>,
    'success',
    false,
  );
  if (!earlier.bySchema[PAYMENT])
    return context.differ('the status lookup of the prerequisite payment answered no payment_id');
  return earlier;
}

/**
 * Runs an example after its prerequisites, with `alias` naming the first of an alias group by
 * another of its names. Answers the response, or fails/skips the scenario saying why.
 */
export async function runChained(
  steps: Steps,
  context: ScenarioContext,
  operation: Operation,
  title: string,
  example: Example,
  alias?: readonly [string, string],
): Promise<Answer> {
  const identifiers = steps.identifiers[title];
  const referenced = referencedFields(identifiers, example);
  const schemaOf = (name: string) => identifiers?.request[name] ?? '';
  const earlier: Earlier[] = [];
  let scheduleId: string | undefined;
  if (referenced.some((name) => schemaOf(name) === SCHEDULE)) {
    const created = await schedule(steps, context);
    scheduleId = created.bySchema[SCHEDULE];
    earlier.push(created);
  }
  const needsPayment = referenced.some((name) => schemaOf(name) !== SCHEDULE);
  if (needsPayment && operation.kind === 's2s')
    earlier.push(await s2sPayment(steps, context, operation, referenced, example, scheduleId));
  if (needsPayment && operation.kind === 'checkout') {
    // A token alone comes from a tokenizing card payment; anything else names a Checkout payment.
    const onlyToken = referenced.every((name) => [SCHEDULE, 'Token', 'CardToken'].includes(schemaOf(name)));
    earlier.push(
      onlyToken
        ? await madePayment(steps, context, 'card', TOKENIZING, `prerequisite of ${operation.entry.operationId}`)
        : await checkoutPayment(steps, context, operation.entry.operationId),
    );
  }
  const body = fresh(example);
  for (const name of referenced) {
    const value =
      earlier.map((made) => made.ids[name]).find((found) => found !== undefined) ??
      earlier.map((made) => made.bySchema[schemaOf(name)]).find((found) => found !== undefined);
    if (value === undefined)
      return context.differ(`no earlier answer handed out the ${schemaOf(name)} the example's ${name} names`);
    body[name] = value;
  }
  if (alias) {
    body[alias[1]] = body[alias[0]];
    delete body[alias[0]];
  }
  const original = Object.assign({}, ...earlier.map((made) => made.original)) as Record<string, string>;
  return operation.kind === 's2s'
    ? sendS2s(steps.target, operation.entry, body, steps.signing(operation.entry, original))
    : sendCheckout(steps.target, operation.entry, body, { original });
}

/**
 * A Hosted Payment Fields payment: a session token for the endpoint's session operation (the
 * endpoint must match it: `/processing/purchase/card` pays a `purchase` session), sent in the
 * operation's header. The payer types the card into the hosted fields, so this runs only where
 * the sandbox stands in for the payer.
 */
export async function hostedFieldsPayment(
  steps: Steps,
  context: ScenarioContext,
  operation: Extract<Operation, { kind: 'checkout' }>,
  example: Example,
): Promise<Answer> {
  if (!steps.options.sandboxControls)
    return context.skip(`the payer types the card into the hosted fields: ${NEEDS_PAYER}`);
  const tokenEntry = steps.checkout('createSessionToken');
  const body = structuredClone(tokenEntry.examples[0]!.body) as Record<string, unknown>;
  (body['order'] as Record<string, unknown>)['number'] = orderId();
  const kind = /\/processing\/([^/]+)\//.exec(operation.entry.path)?.[1];
  if (kind) body['operation'] = kind;
  const created = await sendCheckout(steps.target, tokenEntry, body);
  context.saw(created.exchange);
  // The session token is the answer's `token` (SessionTokenResponse).
  const token = field(created.body, 'token');
  if (typeof token !== 'string') return context.differ('createSessionToken (the prerequisite) answered no token');
  const header = operation.entry.operation.headers?.[0];
  if (!header) return context.differ(`${operation.entry.operationId} declares no header for the session token`);
  return sendCheckout(steps.target, operation.entry, fresh(example), { headers: { [header]: token } });
}
