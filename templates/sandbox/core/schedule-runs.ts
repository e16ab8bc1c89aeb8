// Schedule runs on sandbox time: when a schedule's first payment falls (the first-payment delay
// parameters of Trial periods and schedules) and the charges of each attached chain, every
// interval after it. Core, so the S2S SALE that attaches a chain and the schedule verbs share it.
import { chargeAgain } from './charges.js';
import type { Sandbox } from './sandbox.js';
import type { Schedule, Transaction } from './store.js';

const DAY = 86_400_000;
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
