// Family `flows`: the state table's moves, run with the documented test cards and identifiers.
// Each step's expected status is the table's `to` for the step's move; a move the table lacks
// must be refused, and a refusal row must answer its catalogued message. The payer's pages (3DS
// challenge, redirect, Checkout hosted page) are opened and submitted as a payer would, one flow
// per move out of a waiting state; the schedule verbs run over one schedule's life. A last
// scenario checks that every move of the table was run, or says why it cannot be.
import type { Scenario, ScenarioContext } from '../runner.js';
import type { TransitionRule } from '../tables.js';
import { field, request, schemaIssues, sendS2s, type Answer } from '../wire.js';
import { postedParams } from './payer.js';
import { fresh, orderId } from './requests.js';
import { moveKey, NEEDS_PAYER, NEW, type Cause, type Steps } from './steps.js';

export type { Payment } from './steps.js';

/** An S2S APM method whose payment waits in REDIRECT for its bank's callback or for a window to elapse. */
export interface MethodMove {
  /** The method's `brand`, as its rows of the state table name it. */
  readonly brand: string;
  readonly title: string;
  /** Bank callback code → the state it leads to. */
  readonly bankCallback?: Readonly<Record<string, string>>;
  readonly completionWindow?: { readonly seconds: number; readonly then: string };
}
export type MethodMoves = readonly MethodMove[];

/**
 * Moves no request of the kit can cause, and why. A move the spec adds that is neither run by a
 * flow nor listed here fails the coverage scenario, so the kit grows with the table.
 */
const NOT_PROVOKED: readonly { readonly event: NonNullable<TransitionRule['event']>; readonly why: string }[] = [
  {
    event: 'final-result',
    why: 'an undetermined result becomes final when the platform decides; no test card settles it',
  },
  { event: 'chargeback', why: "a chargeback comes from the card's issuer; no request provokes it" },
  { event: 'status-lookup', why: "what the bank reports to a status lookup is the bank's; no request chooses it" },
];

const APPROVED: Cause = { event: 'approved' };
const DECLINED: Cause = { event: 'declined' };
const AUTHORIZED: Cause = { event: 'authorized' };

/** The waiting states a payer leaves through a page, and the card scenario prefix of each. */
const PAGES: Readonly<Record<string, string>> = { '3DS': '3ds', REDIRECT: 'redirect' };

export function flowScenarios(steps: Steps, methods: MethodMoves): Scenario[] {
  const { tables, options, target } = steps;
  /** Flows that did not run to their end (failed or skipped): the moves they would have run are not judged missing. */
  const incomplete: string[] = [];
  const flow = (name: string, run: (context: ScenarioContext) => Promise<void>): Scenario => ({
    id: `flows/${name}`,
    family: 'flows',
    title: name,
    async run(context) {
      try {
        await run(context);
      } catch (error) {
        incomplete.push(name);
        throw error;
      }
    },
  });
  /** An S2S answer matches its operation's response schema. */
  const answersSchema = async (context: ScenarioContext, protocol: 'card' | 'apm', action: string, answer: Answer) => {
    context.saw(answer.exchange);
    const issues = await schemaIssues(steps.s2s(protocol, action).validateResponse, answer.body);
    if (issues) return context.differ(`${action}: answer outside its response schema: ${issues}`);
    if (field(answer.body, 'result') !== 'SUCCESS')
      return context.differ(
        `${action}: answered ${String(field(answer.body, 'result'))}: ${String(field(answer.body, 'error_message'))}`,
      );
  };

  /** VOID of an authorization: refused as the table says (no row, or its refusal row), and the status stays. */
  const voidRefused = async (
    context: ScenarioContext,
    protocol: 'card' | 'apm',
    payment: Parameters<Steps['followUp']>[2],
    body: Record<string, unknown>,
    held: string,
  ) => {
    steps.refused(
      context,
      await steps.followUp(protocol, 'VOID', payment, body),
      steps.row(held, { action: 'VOID' }, protocol),
      `${protocol.toUpperCase()} VOID of an authorization`,
    );
    await steps.lookup(context, protocol, payment, body, held);
  };

  /** One flow per move out of a page's waiting state: the card whose scenario the move names, the payer completes the page. */
  const pageFlows = tables.transitions
    .filter((move) => PAGES[move.from] !== undefined && !NOT_PROVOKED.some((rule) => rule.event === move.event))
    // A method's own rows are its bank's or its window's (methodFlows).
    .filter((move) => move.method === undefined)
    .filter((move) => move.protocols === undefined || move.protocols.includes('card'))
    .map((move) => {
      const scenario = `${PAGES[move.from]}-${move.to === 'DECLINED' ? 'decline' : 'success'}`;
      const authorizes = move.to === steps.to(NEW, AUTHORIZED, 'card');
      const action = authorizes ? 'AUTH' : 'SALE';
      return flow(
        `Card ${action} with the ${scenario} card: ${move.from}, the payer completes the page (${move.by}), ${move.to}`,
        async (context) => {
          const entering = tables.transitions.find((candidate) => candidate.from === NEW && candidate.to === move.from);
          if (!entering) throw new Error(`the state table has no move into ${move.from}`);
          const { answer, payment, body } = await steps.payment(`card ${scenario} ${action}`, 'card', action, scenario);
          steps.expect(context, answer, move.from, action, entering);
          const url = field(answer.body, 'redirect_url');
          if (typeof url !== 'string') return context.differ(`a ${move.from} answer without redirect_url`);
          if (!options.sandboxControls)
            return context.skip(`${move.from} answer checked; completing the page: ${NEEDS_PAYER}`);
          // The payer arrives as the answer says: posting redirect_params when redirect_method is POST.
          await steps.payerCompletes(context, url, {}, /success/, postedParams(answer.body));
          await steps.lookup(context, 'card', payment, body, move.to);
          options.exercised.add(moveKey(move));
        },
      );
    });

  /** SALE with the success test card or identifier settles (and the lookup agrees); with the decline one it is declined. */
  const saleFlows = (protocol: 'card' | 'apm') => {
    const name = `${protocol === 'card' ? 'Card' : 'APM'} SALE with the`;
    const data = protocol === 'card' ? 'card' : 'identifier';
    return [
      flow(`${name} success ${data} settles, and the status lookup agrees`, async (context) => {
        const { answer, payment, body } = await steps.payment(`${protocol} sale`, protocol, 'SALE', 'success');
        steps.move(context, answer, NEW, APPROVED, protocol, 'SALE');
        await steps.lookup(context, protocol, payment, body, payment.status);
      }),
      flow(`${name} decline ${data} is declined`, async (context) => {
        const { answer } = await steps.payment(`${protocol} decline`, protocol, 'SALE', 'decline');
        steps.move(context, answer, NEW, DECLINED, protocol, 'SALE');
      }),
    ];
  };

  return [
    ...saleFlows('card'),
    flow('Card AUTH holds, CAPTURE settles, a second CAPTURE is refused', async (context) => {
      const { answer, payment, body } = await steps.payment('card auth-capture', 'card', 'AUTH', 'success');
      const held = steps.move(context, answer, NEW, AUTHORIZED, 'card', 'AUTH');
      const capture = { amount: body['order_amount'] };
      const captured = steps.move(
        context,
        await steps.followUp('card', 'CAPTURE', payment, body, capture),
        held,
        { action: 'CAPTURE' },
        'card',
        'CAPTURE',
      );
      await steps.lookup(context, 'card', payment, body, captured);
      steps.refused(
        context,
        await steps.followUp('card', 'CAPTURE', payment, body, capture),
        steps.row(captured, { action: 'CAPTURE' }, 'card'),
        `CAPTURE of a ${captured} payment`,
      );
      await steps.lookup(context, 'card', payment, body, captured);
    }),
    flow('Card AUTH: VOID is refused (no such move), CREDITVOID releases', async (context) => {
      const { answer, payment, body } = await steps.payment('card auth-void', 'card', 'AUTH', 'success');
      const held = steps.move(context, answer, NEW, AUTHORIZED, 'card', 'AUTH');
      await voidRefused(context, 'card', payment, body, held);
      const creditvoid = await steps.followUp('card', 'CREDITVOID', payment, body);
      context.saw(creditvoid.exchange);
      if (field(creditvoid.body, 'result') === 'ERROR')
        return context.differ(
          `CREDITVOID of an authorization refused: ${String(field(creditvoid.body, 'error_message'))}`,
        );
      const released = steps.row(held, { action: 'CREDITVOID' }, 'card')!;
      await steps.lookup(context, 'card', payment, body, released.to);
      options.exercised.add(moveKey(released));
    }),
    flow('Card SALE then VOID', async (context) => {
      const { answer, payment, body } = await steps.payment('card void', 'card', 'SALE', 'success');
      const settled = steps.move(context, answer, NEW, APPROVED, 'card', 'SALE');
      const voided = steps.move(
        context,
        await steps.followUp('card', 'VOID', payment, body),
        settled,
        { action: 'VOID' },
        'card',
        'VOID',
      );
      await steps.lookup(context, 'card', payment, body, voided);
    }),
    flow('Card SALE, partial CREDITVOID keeps it settled, the rest refunds it', async (context) => {
      const { answer, payment, body } = await steps.payment('card refunds', 'card', 'SALE', 'success', {
        order_amount: '10.00',
      });
      const settled = steps.move(context, answer, NEW, APPROVED, 'card', 'SALE');
      // The table's money rows: a part leaves the payment where its row leads, what remains refunds it.
      const part = steps.row(settled, { action: 'CREDITVOID', amount: 'part' }, 'card')!;
      await steps.followUp('card', 'CREDITVOID', payment, body, { amount: '4.00' });
      await steps.lookup(context, 'card', payment, body, part.to);
      options.exercised.add(moveKey(part));
      const rest = await steps.followUp('card', 'CREDITVOID', payment, body);
      context.saw(rest.exchange);
      const refunded = steps.row(part.to, { action: 'CREDITVOID', amount: 'remaining' }, 'card')!;
      await steps.lookup(context, 'card', payment, body, refunded.to);
      options.exercised.add(moveKey(refunded));
    }),
    flow('Card recurring: SALE with recurring_init, then RECURRING_SALE settles', async (context) => {
      const { answer, payment, body } = await steps.payment('card recurring init', 'card', 'SALE', 'success', {
        recurring_init: 'Y',
      });
      steps.move(context, answer, NEW, APPROVED, 'card', 'SALE recurring_init');
      const entry = steps.s2s('card', 'RECURRING_SALE');
      const recurringBody: Record<string, unknown> = { ...fresh(entry.examples[0]!), order_id: orderId() };
      const names = steps.identifiers['S2S CARD RECURRING_SALE']?.request ?? {};
      // Every field that names a transaction (either of its names) names the initiating payment.
      for (const [name, schema] of Object.entries(names))
        if (name in recurringBody && schema === 'TransId') recurringBody[name] = payment.id;
      const token = field(answer.body, 'recurring_token');
      if (typeof token === 'string') recurringBody['recurring_token'] = token;
      delete recurringBody['schedule_id'];
      const recurring = await sendS2s(target, entry, recurringBody, steps.signing(entry, body));
      steps.move(context, recurring, NEW, APPROVED, 'card', 'RECURRING_SALE');
      options.payments.push({
        flow: 'card recurring',
        protocol: 'card',
        id: String(field(recurring.body, 'trans_id')),
        orderId: String(recurringBody['order_id']),
        signingContext: { payer_email: String(body['payer_email'] ?? '') },
        status: String(field(recurring.body, 'status')),
      });
    }),
    flow('Card CREDIT2CARD with the wait card stays undetermined', async (context) => {
      const entry = steps.s2s('card', 'CREDIT2CARD');
      const wait = tables.testData.cards.find((card) => card.scenario === 'wait');
      if (!wait) return context.skip("the spec's test data has no wait card");
      const answer = await sendS2s(target, entry, { ...fresh(entry.examples[0]!), card_number: wait.number });
      steps.move(context, answer, NEW, { event: 'undetermined' }, 'card', 'CREDIT2CARD');
    }),
    ...pageFlows,
    ...saleFlows('apm'),
    flow("APM authorization: VOID answers the table's refusal", async (context) => {
      const { answer, payment, body } = await steps.payment('apm auth', 'apm', 'SALE', 'success', { auth: 'Y' });
      const held = steps.move(context, answer, NEW, AUTHORIZED, 'apm', 'APM SALE auth=Y');
      await voidRefused(context, 'apm', payment, body, held);
    }),
    ...methodFlows(steps, methods, flow),
    ...checkoutFlows(steps, flow),
    scheduleFlow(steps, flow, answersSchema),
    flow('Every move of the state table was run, or cannot be provoked', async (context) => {
      const unprovoked = (move: TransitionRule) => NOT_PROVOKED.find((rule) => rule.event === move.event);
      const missing = tables.transitions.filter((move) => !options.exercised.has(moveKey(move)) && !unprovoked(move));
      if (missing.length === 0) return;
      const list = missing.map((move) => `${move.from} → ${move.to} by ${move.by}`).join('; ');
      if (incomplete.length > 0 || options.exercised.size === 0)
        return context.skip(
          `not run here, the flows that run them did not complete or were filtered out (${incomplete.length} incomplete): ${list}`,
        );
      return context.differ(`no flow ran these moves of the state table: ${list}`);
    }),
  ];
}

type Flow = (name: string, run: (context: ScenarioContext) => Promise<void>) => Scenario;

/**
 * The method rows of the state table: an S2S APM SALE of the method (its example) waits in
 * REDIRECT; the bank's callback (the sandbox's trigger) or the window elapsing (the sandbox's
 * clock) moves it, and the status lookup and the callbacks agree. Sandbox controls only.
 */
function methodFlows(steps: Steps, methods: MethodMoves, flow: Flow): Scenario[] {
  const { tables, options, target } = steps;
  const redirected: Cause = { event: 'redirected' };
  const waiting = steps.to(NEW, redirected, 'apm');
  const rowOf = (method: MethodMove, to: string, event: TransitionRule['event'], report?: string) =>
    tables.transitions.find(
      (move) =>
        move.from === waiting &&
        move.to === to &&
        move.method === method.brand &&
        move.event === event &&
        (report === undefined || move.report === report),
    );
  const run = (
    method: MethodMove,
    move: TransitionRule,
    what: string,
    moveIt: (context: ScenarioContext, transId: string) => Promise<void>,
  ) =>
    flow(`APM ${method.brand} SALE waits in ${waiting}; ${what}: ${move.to}`, async (context) => {
      const entry = steps.s2s('apm', 'SALE');
      const example = entry.examples.find((candidate) => candidate.body['brand'] === method.brand);
      if (!example) return context.skip(`the spec has no SALE example of ${method.brand}`);
      const body = fresh(example);
      const answer = await sendS2s(target, entry, body);
      const payment = {
        flow: `apm ${method.brand}`,
        protocol: 'apm' as const,
        id: String(field(answer.body, 'trans_id')),
        orderId: String(body['order_id']),
        signingContext: {},
        status: waiting,
      };
      steps.move(context, answer, NEW, redirected, 'apm', `APM SALE (${method.brand})`);
      if (!options.sandboxControls)
        return context.skip(
          `${waiting} answer checked; ${what} needs the sandbox's controls (the target serves no sandbox controls)`,
        );
      options.payments.push(payment);
      await moveIt(context, payment.id);
      await steps.lookup(context, 'apm', payment, body, move.to);
      options.exercised.add(moveKey(move));
    });
  return methods.flatMap((method) => [
    ...Object.entries(method.bankCallback ?? {}).flatMap(([code, to]) => {
      const move = rowOf(method, to, 'bank-callback', code);
      return move
        ? [
            run(method, move, `the bank answers ${code}`, async (context, transId) => {
              const sent = await request(
                target,
                `${target.baseUrl}/_sandbox/transactions/${transId}/bank`,
                'POST',
                undefined,
                { code },
              );
              context.saw(sent.exchange);
              if (sent.status !== 200)
                return context.differ(`the sandbox's bank callback ${code} answered HTTP ${sent.status}`);
            }),
          ]
        : [];
    }),
    ...(method.completionWindow
      ? [method.completionWindow].flatMap((window) => {
          const move = rowOf(method, window.then, 'window-elapsed');
          return move
            ? [
                run(method, move, `the payer does not complete it in ${window.seconds} s`, (context) =>
                  steps.advanceClock(context, window.seconds + 1),
                ),
              ]
            : [];
        })
      : []),
  ]);
}

/** Checkout: a session paid on its hosted page with a test card, the challenge page when the card asks, then the status lookup. */
function checkoutFlows(steps: Steps, flow: Flow): Scenario[] {
  const session = steps.tables.checkout.find((candidate) => candidate.operationId === 'createSession');
  const example = session?.examples.find(
    (candidate) =>
      Array.isArray(candidate.body['methods']) &&
      (candidate.body['methods'] as unknown[]).includes('card') &&
      !candidate.body['auth'] &&
      !('card_token' in candidate.body) &&
      !('schedule_id' in candidate.body),
  );
  const cards: readonly { scenario: string; by: Cause; from?: string }[] = [
    { scenario: 'success', by: APPROVED },
    { scenario: 'decline', by: DECLINED },
    { scenario: '3ds-success', by: { event: 'challenge-passed' }, from: '3DS' },
    { scenario: '3ds-decline', by: { event: 'challenge-failed' }, from: '3DS' },
  ];
  return cards.map(({ scenario, by, from }) =>
    flow(
      `Checkout session, hosted page with the ${scenario} card${from ? ' and its challenge page' : ''}, status lookup`,
      async (context) => {
        if (!example) return context.skip('the spec has no card session example');
        const { status } = await steps.checkoutPayment(
          context,
          `checkout ${scenario}`,
          example.body as Record<string, unknown>,
          scenario,
        );
        const want = steps.to(from ?? NEW, by, 'checkout');
        steps.expect(context, status, want, 'getPaymentStatus', steps.row(from ?? NEW, by, 'checkout'));
      },
    ),
  );
}

/** The schedule verbs over one schedule's life, each answer checked against its schema and SCHEDULE_INFO against what was set. */
function scheduleFlow(
  steps: Steps,
  flow: Flow,
  answersSchema: (context: ScenarioContext, protocol: 'card', action: string, answer: Answer) => Promise<void>,
): Scenario {
  const { options, target } = steps;
  return flow(
    'Schedule: CREATE_SCHEDULE, SCHEDULE_INFO, a recurring chain under it, PAUSE/RUN_SCHEDULE, UPDATE_SCHEDULE, DESCHEDULE, DELETE_SCHEDULE',
    async (context) => {
      const send = async (action: string, fields: Record<string, unknown>) => {
        const entry = steps.s2s('card', action);
        const answer = await sendS2s(target, entry, {
          ...fresh(entry.examples[0] ?? { key: action, body: { action } }),
          ...fields,
        });
        await answersSchema(context, 'card', action, answer);
        return answer;
      };
      const settingsOf = (body: Readonly<Record<string, unknown>>) =>
        Object.fromEntries(
          Object.entries(body).filter(([name]) => !['action', 'client_key', 'hash', 'schedule_id'].includes(name)),
        );
      const created = await send('CREATE_SCHEDULE', {});
      const scheduleId = String(field(created.body, 'schedule_id'));
      const reported = new Set(steps.identifiers['S2S CARD SCHEDULE_INFO']?.answerFields ?? []);
      /** SCHEDULE_INFO reports every setting it declares as `want` has it. */
      const info = async (want: Record<string, unknown>, step: string) => {
        const answer = await send('SCHEDULE_INFO', { schedule_id: scheduleId });
        for (const [name, value] of Object.entries(want)) {
          if (!reported.has(name)) continue;
          const got = field(answer.body, name);
          if (got === undefined || got === null || String(got) !== String(value))
            return context.differ(
              `SCHEDULE_INFO after ${step}: ${name} is ${got === undefined ? 'missing' : JSON.stringify(got)}, the schedule has ${JSON.stringify(value)}`,
            );
        }
      };
      let settings = settingsOf(steps.s2s('card', 'CREATE_SCHEDULE').examples[0]!.body);
      await info({ ...settings, paused: 'N' }, 'CREATE_SCHEDULE');
      // A chain under the schedule: its initiating payment names it.
      const { answer, payment } = await steps.payment('card schedule chain', 'card', 'SALE', 'success', {
        recurring_init: 'Y',
        schedule_id: scheduleId,
      });
      steps.move(context, answer, NEW, APPROVED, 'card', 'SALE recurring_init under a schedule');
      const charges = () =>
        (options.received ?? []).filter((text) => {
          const fields = new URLSearchParams(text);
          return (
            fields.get('recurring_init_trans_id') === payment.id ||
            (fields.get('schedule_id') === scheduleId && fields.get('trans_id') !== payment.id)
          );
        }).length;
      const clock = options.sandboxControls && options.received !== undefined;
      // The longest wait before a charge falls due: one interval plus the first-payment delay at most.
      const interval = (length: unknown, unit: unknown) => Number(length ?? 1) * (unit === 'month' ? 31 : 1) * 86_400;
      const due = () =>
        interval(settings['interval_length'], settings['interval_unit']) +
        Math.max(
          interval(settings['first_payment_interval_length'] ?? 0, settings['first_payment_interval_unit']),
          31 * 86_400,
        );
      await send('PAUSE_SCHEDULE', { schedule_id: scheduleId });
      await info({ paused: 'Y' }, 'PAUSE_SCHEDULE');
      /** With the clock: past the due date, the chain gets no new charge. */
      const chargesNothing = async (why: string) => {
        const before = charges();
        if (!clock) return before;
        await steps.advanceClock(context, due());
        await new Promise((resolve) => setTimeout(resolve, 200));
        if (charges() !== before) return context.differ(why);
        return before;
      };
      const before = await chargesNothing('a paused schedule charged its chain when the clock passed its due date');
      await send('RUN_SCHEDULE', { schedule_id: scheduleId });
      await info({ paused: 'N' }, 'RUN_SCHEDULE');
      if (clock) {
        await steps.advanceClock(context, due());
        const deadline = Date.now() + options.settleMs;
        while (charges() === before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
        if (charges() === before)
          return context.differ(
            'the running schedule charged nothing (no callback of a charge under it) after its due date',
          );
      }
      const update = settingsOf(steps.s2s('card', 'UPDATE_SCHEDULE').examples[0]!.body);
      await send('UPDATE_SCHEDULE', { schedule_id: scheduleId });
      settings = { ...settings, ...update };
      // Only the parameters sent change: the rest keep the values CREATE_SCHEDULE set.
      await info(settings, 'UPDATE_SCHEDULE');
      await send('DESCHEDULE', {
        schedule_id: scheduleId,
        recurring_token: String(field(answer.body, 'recurring_token')),
      });
      await chargesNothing('a chain detached with DESCHEDULE was still charged by the schedule');
      await send('DELETE_SCHEDULE', { schedule_id: scheduleId });
      const gone = steps.s2s('card', 'UPDATE_SCHEDULE').errors.find((error) => error.field === 'schedule_id');
      if (gone?.message) {
        const after = await sendS2s(target, steps.s2s('card', 'UPDATE_SCHEDULE'), {
          ...fresh(steps.s2s('card', 'UPDATE_SCHEDULE').examples[0]!),
          schedule_id: scheduleId,
        });
        context.saw(after.exchange);
        if (field(after.body, 'error_message') !== gone.message)
          return context.differ(
            `UPDATE_SCHEDULE of a deleted schedule: expected "${gone.message}", answered ${String(field(after.body, 'result'))} "${String(field(after.body, 'error_message'))}"`,
          );
      }
      if (!clock)
        return context.skip(
          options.sandboxControls
            ? 'every verb checked; whether the schedule charges, pauses and detaches on its dates needs the kit callback listener'
            : 'every verb checked; whether the schedule charges, pauses and detaches on its dates needs the sandbox clock (the target serves no sandbox controls)',
        );
    },
  );
}
