// Schedules: CREATE, UPDATE (only the parameters sent change), DELETE, SCHEDULE_INFO, PAUSE, RUN
// and DESCHEDULE, with the first-payment delay parameters (Trial periods and schedules), and the
// runs themselves: each attached chain is charged on sandbox time, so advancing the clock by an
// interval charges the next payment.
import { randomUUID } from 'node:crypto';
import { Answer, cataloguedAnswer } from './answers.js';
import type { Handler, OperationCall, Sandbox } from './sandbox.js';
import { chargeAgain } from './charges.js';
import type { Schedule, Transaction } from './store.js';
import type { S2sActionEntry } from './tables.js';

type Call = OperationCall<S2sActionEntry>;

const DAY = 86_400_000;
/** Request fields that are not schedule settings. */
const NOT_SETTINGS = new Set(['action', 'client_key', 'hash', 'schedule_id']);
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

function addInterval(time: number, length: number, unit: string): number {
  if (unit === 'month') {
    const date = new Date(time);
    date.setUTCMonth(date.getUTCMonth() + length);
    return date.getTime();
  }
  return time + length * DAY;
}

/** When the first scheduled payment falls: `schedule_start_date`, else the delay, else one interval on. */
export function scheduleFirstRun(schedule: Schedule, start: number, startDate?: string): number {
  if (startDate) return Date.parse(`${startDate}T00:00:00Z`);
  const settings = schedule.fields;
  const interval = addInterval(start, Number(settings['interval_length'] ?? 1), settings['interval_unit'] ?? 'day');
  switch (settings['delayed_first_payment']) {
    case 'delay_by_interval':
      return addInterval(
        interval,
        Number(settings['first_payment_interval_length'] ?? 0),
        settings['first_payment_interval_unit'] ?? 'day',
      );
    case 'day_of_week': {
      const wanted = settings['first_payment_day_of_week'] ?? '1';
      const index = /^[1-7]$/.test(wanted)
        ? Number(wanted) - 1
        : WEEKDAYS.findIndex((day) => day.startsWith(wanted.toLowerCase().slice(0, 3)));
      const today = (new Date(start).getUTCDay() + 6) % 7;
      return start + ((index - today + 7) % 7 || 7) * DAY;
    }
    case 'day_of_month': {
      const date = new Date(start);
      const day = Number(settings['first_payment_day_of_month'] ?? 1);
      const candidate = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), day);
      return candidate > start ? candidate : Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, day);
    }
    default:
      return interval;
  }
}

function settingsOf(call: Call): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const [key, value] of Object.entries(call.fields))
    if (!NOT_SETTINGS.has(key) && typeof value === 'string') settings[key] = value;
  return settings;
}

function knownSchedule(call: Call): Schedule {
  const schedule = call.sandbox.store.schedules.get(call.text('schedule_id'));
  if (!schedule || schedule.deleted || schedule.merchant !== call.merchant)
    throw cataloguedAnswer('s2s', call.errors.unknown('schedule_id'));
  call.verify();
  return schedule;
}

const done = (call: Call, extra: Record<string, unknown> = {}) =>
  new Answer(200, { action: call.entry.action, result: 'SUCCESS', ...extra });

/** Charges the attached chains of a schedule once its first run is due, then every interval. */
export function startRuns(sandbox: Sandbox, schedule: Schedule, initiating: Transaction, firstRun: number): void {
  let charged = 0;
  const run = () => {
    if (schedule.deleted || !schedule.attached.has(initiating.id)) return;
    const count = Number(schedule.fields['payments_count'] ?? 0);
    if (!schedule.paused) {
      charged++;
      chargeAgain(sandbox, initiating, 'RECURRING_SALE', {
        orderId: `${initiating.orderId}-${charged}`,
        amount: initiating.echo['payment_schedule_amount'] ?? initiating.amount,
        description: initiating.description,
        echo: { schedule_id: schedule.id },
      });
    }
    if (count === 0 || charged < count)
      sandbox.clock.after(
        (addInterval(
          sandbox.clock.now(),
          Number(schedule.fields['interval_length'] ?? 1),
          schedule.fields['interval_unit'] ?? 'day',
        ) -
          sandbox.clock.now()) /
          1000,
        run,
      );
  };
  sandbox.clock.after(Math.max(0, (firstRun - sandbox.clock.now()) / 1000), run);
}

export const SCHEDULE_HANDLERS: Readonly<Record<string, Handler<S2sActionEntry>>> = {
  CREATE_SCHEDULE: (call) => {
    call.verify();
    const schedule: Schedule = {
      id: randomUUID(),
      merchant: call.merchant,
      fields: settingsOf(call),
      paused: false,
      deleted: false,
      attached: new Set(),
    };
    call.sandbox.store.schedules.set(schedule.id, schedule);
    return done(call, { schedule_id: schedule.id });
  },
  UPDATE_SCHEDULE: (call) => {
    const schedule = knownSchedule(call);
    // Only the parameters sent change.
    schedule.fields = { ...schedule.fields, ...settingsOf(call) };
    return done(call, { schedule_id: schedule.id });
  },
  DELETE_SCHEDULE: (call) => {
    const schedule = knownSchedule(call);
    schedule.deleted = true;
    return done(call, { schedule_id: schedule.id });
  },
  SCHEDULE_INFO: (call) => {
    const schedule = knownSchedule(call);
    const settings = schedule.fields;
    return done(call, {
      schedule_id: schedule.id,
      name: settings['name'],
      interval_length: settings['interval_length'],
      interval_unit: settings['interval_unit'],
      ...(settings['day_of_month'] ? { day_of_month: settings['day_of_month'] } : {}),
      payments_count: settings['payments_count'],
      // Schedules created after 6.7.0 answer `delays` as null.
      delays: null,
      paused: schedule.paused ? 'Y' : 'N',
    });
  },
  PAUSE_SCHEDULE: (call) => {
    knownSchedule(call).paused = true;
    return done(call, { schedule_id: call.text('schedule_id') });
  },
  RUN_SCHEDULE: (call) => {
    knownSchedule(call).paused = false;
    return done(call, { schedule_id: call.text('schedule_id') });
  },
  DESCHEDULE: (call) => {
    const initiating = [...call.sandbox.store.transactions.values()].find(
      (transaction) =>
        transaction.recurringToken === call.text('recurring_token') && transaction.merchant === call.merchant,
    );
    if (!initiating) throw cataloguedAnswer('s2s', call.errors.unknown('recurring_token'));
    call.verify(initiating);
    for (const schedule of call.sandbox.store.schedules.values()) schedule.attached.delete(initiating.id);
    return done(call);
  },
};
