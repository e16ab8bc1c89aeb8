// Schedules: CREATE, UPDATE (only the parameters sent change), DELETE, SCHEDULE_INFO, PAUSE, RUN
// and DESCHEDULE. The runs themselves (first-payment delays, charges on sandbox time) are the
// core's (core/schedule-runs.ts).
import { randomUUID } from 'node:crypto';
import { Answer, cataloguedAnswer } from '../core/answers.js';
import type { Handler, OperationCall } from '../core/sandbox.js';
import type { Schedule } from '../core/store.js';
import type { S2sActionEntry } from '../core/tables.js';

type Call = OperationCall<S2sActionEntry>;

/** Request fields that are not schedule settings. */
const NOT_SETTINGS = new Set(['action', 'client_key', 'hash', 'schedule_id']);

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
      // The first-payment delay as set, when set (its answer fields are the request's names).
      ...Object.fromEntries(
        Object.entries(settings).filter(
          ([name]) => name === 'delayed_first_payment' || name.startsWith('first_payment_'),
        ),
      ),
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
