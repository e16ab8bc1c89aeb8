// The kit proves it can fail: behind a proxy that makes the sandbox deliberately wrong, the family
// that checks the broken behaviour fails and its report names the difference.
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { runPlatformSuite, type Family } from '../../generated/conformance/src/index.js';
import { startTarget, type Fault, type Target } from './support.js';

interface Case {
  readonly name: string;
  readonly family: Family;
  readonly fault: Fault;
  /** What the failing scenario's difference must say. */
  readonly names: RegExp;
}

const CASES: readonly Case[] = [
  {
    name: 'a SALE that settled answered as PENDING',
    family: 'flows',
    fault: {
      answer: (request, body) =>
        request['action'] === 'SALE' && body['status'] === 'SETTLED' ? { ...body, status: 'PENDING' } : body,
    },
    names: /expected status SETTLED \(the state table\), answered PENDING/,
  },
  {
    name: 'trans_id dropped from S2S answers',
    family: 'examples',
    fault: {
      answer: (request, body) =>
        request['action'] === undefined
          ? body
          : Object.fromEntries(Object.entries(body).filter(([key]) => key !== 'trans_id')),
    },
    names: /outside its response schema: .*trans_id/,
  },
  {
    name: 'callbacks mis-signed',
    family: 'callbacks',
    fault: {
      callback: (text) => text.replace(/hash=[^&]*/, `hash=${createHash('md5').update('wrong').digest('hex')}`),
    },
    names: /does not verify with parseCallback/,
  },
  {
    name: 'a catalogue error answered with another message',
    family: 'errors',
    fault: {
      answer: (_request, body) =>
        body['error_message'] === 'Transaction does not exist.'
          ? { ...body, error_message: 'No such transaction.' }
          : body,
    },
    names: /expected error_message "Transaction does not exist\.", answered "No such transaction\."/,
  },
  {
    name: 'a VOID of an authorization answered SUCCESS (a move the state table lacks)',
    family: 'flows',
    fault: {
      answer: (request, body) =>
        request['action'] === 'VOID' && body['result'] !== 'SUCCESS'
          ? { action: 'VOID', result: 'SUCCESS', status: 'VOID', order_id: 'x', trans_id: request['trans_id'] ?? '' }
          : body,
    },
    names: /the state table has no such move, yet it answered SUCCESS/,
  },
  {
    name: 'a wrong hash accepted',
    family: 'signatures',
    fault: {
      answer: (request, body) =>
        String(body['error_message']).includes('Request data is invalid') ||
        (Array.isArray(body['errors']) && JSON.stringify(body['errors']).includes('hash'))
          ? { action: request['action'] ?? '', result: 'SUCCESS', status: 'SETTLED' }
          : body,
    },
    names: /signed with the wrong password was accepted/,
  },
  {
    name: 'SCHEDULE_INFO drops a setting the schedule was created with',
    family: 'flows',
    fault: {
      answer: (request, body) =>
        request['action'] === 'SCHEDULE_INFO'
          ? Object.fromEntries(Object.entries(body).filter(([key]) => key !== 'interval_unit'))
          : body,
    },
    names: /SCHEDULE_INFO after CREATE_SCHEDULE: interval_unit is missing/,
  },
  {
    name: 'a paused schedule reported as running',
    family: 'flows',
    fault: {
      answer: (request, body) => (request['action'] === 'SCHEDULE_INFO' ? { ...body, paused: 'N' } : body),
    },
    names: /SCHEDULE_INFO after PAUSE_SCHEDULE: paused is "N", the schedule has "Y"/,
  },
  {
    name: 'a payment declined after its challenge or redirect page reported SETTLED',
    family: 'flows',
    fault: {
      answer: (request, body) =>
        request['action'] === 'GET_TRANS_STATUS' && body['status'] === 'DECLINED'
          ? { ...body, result: 'SUCCESS', status: 'SETTLED' }
          : body,
    },
    names: /GET_TRANS_STATUS: expected status DECLINED \(the state table\), answered SETTLED/,
  },
  {
    name: 'a second CAPTURE of a captured authorization answered SUCCESS (a move the state table lacks)',
    family: 'flows',
    fault: {
      answer: (request, body) =>
        request['action'] === 'CAPTURE' && body['result'] === 'DECLINED' ? { ...body, result: 'SUCCESS' } : body,
    },
    names: /CAPTURE of a SETTLED payment: the state table has no such move, yet it answered SUCCESS/,
  },
  {
    name: 'a paid Checkout session reported pending by the status lookup',
    family: 'flows',
    fault: {
      answer: (_request, body) =>
        body['status'] === 'settled' && 'payment_id' in body ? { ...body, status: 'pending' } : body,
    },
    names: /getPaymentStatus: expected status SETTLED \(the state table\), answered pending/,
  },
  {
    name: 'RECURRING_SALE refuses the initiating transaction under its other name',
    family: 'examples',
    fault: {
      answer: (request, body) =>
        request['action'] === 'RECURRING_SALE' && request['recurring_init_trans_id'] !== undefined
          ? { action: 'RECURRING_SALE', result: 'ERROR', error_code: '100000', error_message: 'Incorrect transaction' }
          : body,
    },
    names: /refused: result ERROR: Incorrect transaction/,
  },
  {
    name: 'a refusal row of the state table answered with another message',
    family: 'errors',
    fault: {
      answer: (_request, body) =>
        body['error_message'] === 'Void is not allowed.' ? { ...body, error_message: 'Not allowed.' } : body,
    },
    names: /expected error_message "Void is not allowed\.", answered "Not allowed\."/,
  },
];

describe('the platform suite against a deliberately wrong sandbox', () => {
  let target: Target | undefined;
  afterEach(async () => {
    await target?.close();
    target = undefined;
  });

  for (const { name, family, fault, names } of CASES) {
    it(`fails ${family} when ${name}`, async () => {
      target = await startTarget(fault);
      const report = await runPlatformSuite({
        baseUrl: target.baseUrl,
        merchantKey: target.merchantKey,
        password: target.password,
        callbackListen: target.listener,
        only: [family],
        callbackWaitMs: 1500,
      });
      const failures = report.results.filter((result) => result.family === family && result.outcome === 'fail');
      expect(
        failures.length,
        JSON.stringify(
          report.results.filter((result) => result.family === family).map((r) => [r.title, r.outcome, r.detail]),
        ),
      ).toBeGreaterThan(0);
      expect(failures.map((failure) => failure.detail).join('\n')).toMatch(names);
      // The failure shows what was sent and answered.
      expect(failures.every((failure) => failure.exchange !== undefined)).toBe(true);
    });
  }
});
