// Every request example of the spec goes through the generated client to the sandbox, which
// behaves as the platform would: it validates and signs-checks the request, and answers it. Each
// example is accepted (never "Request data is invalid.") and answered with the operation's typed
// result or a catalogued platform error (an example naming a transaction the sandbox never made
// gets "Transaction does not exist.", as on the platform). What exactly goes on the wire is checked
// byte for byte against the loopback stub in wire.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../generated/sandbox/src/index.js';
import { createTransport, encodeForm, parseCallback, PlatformError, type FormObject } from '../../generated/client/src/index.js';
import { invoke } from '../../generated/client/src/runtime/pipeline.js';
import { callbackExamples, CLIENT_FILLED, definitionFor, definitions, requestExamples, s2sDefinitions } from '../support/operations.js';

const PASSWORD = 'every-operation-password';
const DEFAULT_KEY = 'c2b8fb04-110f-11ea-bcd3-0242ac150003';
const keyOf = (value: Record<string, unknown>) => String(value['client_key'] ?? value['merchant_key'] ?? DEFAULT_KEY);

let sandbox: RunningSandbox;
beforeAll(async () => {
  // One sandbox merchant per merchant key the examples use, all with one password the client signs with.
  const keys = new Set([DEFAULT_KEY, ...requestExamples.map((example) => keyOf(example.value as Record<string, unknown>))]);
  sandbox = await startSandbox({ merchants: [...keys].map((key) => ({ key, password: PASSWORD })) });
});
afterAll(async () => {
  await sandbox?.close();
});

describe('every request example through the client, answered by the sandbox', () => {
  it('covers every operation of the spec', () => {
    const used = new Set(requestExamples.map((example) => definitionFor(example.id.split(' ')[1]!, example.value as Record<string, unknown>).name));
    const missing = definitions.filter((definition) => !used.has(definition.name) && !s2sDefinitions.some((other) => other !== definition && other.action === definition.action && used.has(other.name)));
    expect(missing.map((definition) => definition.name)).toEqual([]);
  });

  it.each(requestExamples.map((example) => [example.id, example] as const))('%s', async (_id, example) => {
    const path = example.id.split(' ')[1]!;
    const value = example.value as Record<string, unknown>;
    const definition = definitionFor(path, value);
    const transport = createTransport({ baseUrl: sandbox.url, merchantKey: keyOf(value), password: PASSWORD, retries: 0 });
    const input: Record<string, unknown> = Object.fromEntries(Object.entries(value).filter(([key]) => !CLIENT_FILLED.includes(key)));
    // A follow-up that finds a payment an earlier example made (the lookup of ORDER-12345 finds
    // SALE_card's) is signed over that payment's e-mail and card, as a merchant would sign it.
    const original = requestExamples.find((candidate) => candidate.id.endsWith(' SALE_card'))!.value as Record<string, string>;
    // The values the operation's recipe needs from the original payment are required in `signing`.
    const followUp = path === '/post' && value['card_number'] === undefined && value['payer_email'] === undefined && (value['trans_id'] !== undefined || value['order_id'] === original['order_id']);
    const signingFields = new Set([...(definition.signing ?? []), ...(followUp ? ['payer_email', 'card_number'] : [])]);
    if (signingFields.size > 0) input['signing'] = Object.fromEntries([...signingFields].map((field) => [field, original[field] ?? '']));
    const outcome = await invoke(transport, definition, definition.headers ? { ...input, headers: { Token: 'example-session-token' } } : input).then(
      (answer) => ({ answer }),
      (error: unknown) => ({ error }),
    );
    if ('error' in outcome) {
      // Only a platform answer from the catalogue, never a refusal of the request itself.
      expect(outcome.error).toBeInstanceOf(PlatformError);
      const error = outcome.error as PlatformError;
      expect(error.error_message, JSON.stringify(error.errors)).not.toBe('Request data is invalid.');
      expect(error.http_code).toBeGreaterThanOrEqual(400);
    } else {
      expect(outcome.answer).toEqual(expect.anything());
    }
  });
});

describe('every callback example', () => {
  it.each(callbackExamples.map((example) => [example.id, example] as const))('%s verifies with the example password', (_id, example) => {
    const raw = encodeForm(example.value as FormObject);
    // The chargeback example is signed with the payer e-mail and card of the merchant's order (its summary says so).
    const signingContext = example.id.endsWith('chargeback') ? { payer_email: 'doe@example.com', card: '4111111111111111' } : {};
    const event = parseCallback(raw, { password: '13a4822c5907ed235f3a068c76184fc3', signingContext });
    expect(event.issues).toEqual([]);
    expect(event.name).toBe(example.id.split(' ')[1]);
  });
});
