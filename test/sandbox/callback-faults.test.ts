// Callback faults as a sandbox option, for a merchant's own tests: each fault sends what it says
// (tampered copies before the callback, the first answer dropped and the callback retried, a
// duplicate, a late copy, a payment's callbacks newest first), and the sandbox judges each answer
// by what the fault requires: an endpoint that verifies passes, one that acknowledges whatever
// arrives is named for each tampering. The CLI takes the same faults.
import { decodeForm, parseCallback } from '@payment-gateway/merchant-client';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CALLBACK_FAULTS,
  parseCallbackFaults,
  type CallbackFault,
  type CallbackRecord,
} from '../../generated/sandbox/src/index.js';
import { PROJECT_ROOT } from '../support/spec-examples.js';
import { cardFields, sendS2s, startHarness, startReceiver, type Harness, type Receiver } from './support.js';

const EVERY_FAULT = Object.keys(CALLBACK_FAULTS) as CallbackFault[];
const RETRY_SECONDS = 900;

let h: Harness | undefined;
let receiver: Receiver | undefined;
afterEach(async () => {
  await h?.sandbox.close();
  await receiver?.close();
  h = undefined;
  receiver = undefined;
});

/** A receiver that verifies each callback with the merchant's password, as a correct endpoint does. */
async function verifyingEndpoint(password: () => string): Promise<Receiver> {
  const endpoint = await startReceiver();
  endpoint.answer = (body) => {
    try {
      parseCallback(body, { password: password(), signingContext: { payer_email: 'payer@example.com' } });
      return { status: 200, text: 'OK' };
    } catch {
      return { status: 400, text: 'bad signature' };
    }
  };
  return endpoint;
}

/** The callbacks of a transaction, once every delivery, retry and late copy has run. */
async function deliveredAll(harness: Harness, transId: string): Promise<CallbackRecord[]> {
  await harness.sandbox.callbacksSettled();
  // The dropped answer's retry, then the late copy, each one retry interval on.
  harness.sandbox.advanceClock(RETRY_SECONDS);
  await harness.sandbox.callbacksSettled();
  harness.sandbox.advanceClock(RETRY_SECONDS);
  await harness.sandbox.callbacksSettled();
  return harness.sandbox.sandbox.delivery.log.filter((record) => record.transactionId === transId);
}

describe('callback faults (startSandbox({ callbackFaults }))', () => {
  it('names the same faults the CLI parses, and refuses an unknown one', () => {
    expect(parseCallbackFaults('duplicate, tamper-hash,duplicate')).toEqual(['duplicate', 'tamper-hash']);
    expect(() => parseCallbackFaults('duplicate,twice')).toThrow(
      /unknown callback fault twice; one of duplicate, reorder, late, retry, tamper-body, tamper-hash, tamper-password/,
    );
  });

  it('every fault against an endpoint that verifies: tampered copies refused, the callback acknowledged each time it comes', async () => {
    receiver = await verifyingEndpoint(() => h!.password);
    h = await startHarness({ callbackUrl: receiver.url, callbackFaults: EVERY_FAULT });
    const sale = (await sendS2s(h, 'card', cardFields('SALE'))).body;
    const [record] = await deliveredAll(h, sale.trans_id);
    expect(record!.faults).toEqual(EVERY_FAULT);
    expect(record!.attempts.map((attempt) => [attempt.fault ?? 'authentic', attempt.outcome])).toEqual([
      ['tamper-body', 'refused'],
      ['tamper-hash', 'refused'],
      ['tamper-password', 'refused'],
      ['retry', 'failed'],
      ['authentic', 'delivered'],
      ['duplicate', 'delivered'],
      ['late', 'delivered'],
    ]);
    expect(record!.attempts.filter((attempt) => attempt.wrong)).toEqual([]);
    expect(record!.state).toBe('delivered');
    // What the endpoint received: the three tampered bodies differ from the authentic one, the rest are it.
    const bodies = receiver.bodies.filter((body) => decodeForm(body)['trans_id'] === sale.trans_id);
    expect(bodies).toHaveLength(7);
    expect(bodies.slice(0, 3).every((body) => body !== record!.body)).toBe(true);
    expect(bodies.slice(3)).toEqual([record!.body, record!.body, record!.body, record!.body]);
  });

  it('an endpoint that acknowledges whatever arrives is named for each tampering it let through', async () => {
    receiver = await startReceiver();
    h = await startHarness({
      callbackUrl: receiver.url,
      callbackFaults: ['tamper-body', 'tamper-hash', 'tamper-password'],
    });
    const sale = (await sendS2s(h, 'card', cardFields('SALE'))).body;
    const [record] = await deliveredAll(h, sale.trans_id);
    expect(record!.attempts.map((attempt) => attempt.wrong)).toEqual([
      'The endpoint acknowledged a copy with a field the hash covers changed after signing (answered 200 "OK"); it must refuse it.',
      'The endpoint acknowledged a copy with its hash changed (answered 200 "OK"); it must refuse it.',
      'The endpoint acknowledged a copy signed with another password (answered 200 "OK"); it must refuse it.',
      undefined,
    ]);
    // The inspection endpoint shows the same judgement.
    const shown = (await (await fetch(`${h.sandbox.url}/_sandbox/callbacks?trans_id=${sale.trans_id}`)).json()) as {
      faults: string[];
      attempts: { wrong?: string }[];
    }[];
    expect(shown[0]!.faults).toEqual(['tamper-body', 'tamper-hash', 'tamper-password']);
    expect(shown[0]!.attempts.filter((attempt) => attempt.wrong)).toHaveLength(3);
  });

  it('reorder: an AUTH and its CAPTURE reach the endpoint newest first', async () => {
    receiver = await verifyingEndpoint(() => h!.password);
    h = await startHarness({ callbackUrl: receiver.url, callbackFaults: ['reorder'] });
    const auth = (await sendS2s(h, 'card', cardFields('AUTH'))).body;
    await sendS2s(h, 'card', { action: 'CAPTURE', trans_id: auth.trans_id });
    await h.sandbox.callbacksSettled();
    const statuses = receiver.bodies
      .map((body) => decodeForm(body))
      .filter((fields) => fields['trans_id'] === auth.trans_id)
      .map((fields) => fields['status']);
    expect(statuses).toEqual(['SETTLED', 'PENDING']);
    const records = h.sandbox.sandbox.delivery.log.filter((record) => record.transactionId === auth.trans_id);
    expect(
      records.map((record) => [record.sequence, record.attempts.map((attempt) => attempt.fault ?? 'authentic')]),
    ).toEqual([
      [1, ['reorder']],
      [2, ['authentic']],
    ]);
  });

  it('the CLI takes --callback-faults and refuses an unknown fault with the list', async () => {
    const cli = join(PROJECT_ROOT, 'generated', 'sandbox', 'src', 'cli.ts');
    const tsx = join(PROJECT_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
    const failed = await promisify(execFile)(process.execPath, [tsx, cli, '--callback-faults', 'duplicate,twice'], {
      cwd: PROJECT_ROOT,
    }).then(
      () => undefined,
      (error: { code?: number; stderr?: string }) => error,
    );
    expect(failed?.code).toBe(2);
    expect(failed?.stderr).toContain('--callback-faults: unknown callback fault twice; one of duplicate, reorder');
    const help = await promisify(execFile)(process.execPath, [tsx, cli, '--help'], { cwd: PROJECT_ROOT });
    for (const [name, rule] of Object.entries(CALLBACK_FAULTS))
      expect(help.stdout).toMatch(
        new RegExp(`^ +${name} +sends ${rule.sends.replace(/[()]/g, '\\$&')}; the endpoint must ${rule.must} it$`, 'm'),
      );
  });
});

describe('the sandbox README and the testing guide', () => {
  it('lists every fault with what the sandbox sends, as the engine plays it', async () => {
    const readme = await readFile(join(PROJECT_ROOT, 'generated', 'sandbox', 'README.md'), 'utf8');
    for (const [name, rule] of Object.entries(CALLBACK_FAULTS)) {
      const row = readme
        .split('\n')
        .map((text) => text.split('|').map((cell) => cell.trim()))
        .find((cells) => cells[1] === `\`${name}\``);
      expect(row, name).toBeDefined();
      expect(row![2]).toBe(rule.sends);
      expect(row![3], name).toMatch(rule.must === 'refuse' ? /^refuse it/ : /^acknowledge/);
    }
    expect(readme).toContain(`--callback-faults ${Object.keys(CALLBACK_FAULTS).join(',')}`);
  });

  it('the testing guide names every fault in its command line', async () => {
    const guide = await readFile(join(PROJECT_ROOT, 'generated', 'docs', 'guide', 'testing.md'), 'utf8');
    expect(guide).toContain(`--callback-faults ${Object.keys(CALLBACK_FAULTS).join(',')}`);
  });
});
