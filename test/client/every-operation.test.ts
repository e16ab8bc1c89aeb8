// Every request example of the spec goes through the generated client to a loopback server:
// the operation's own validator accepts it, and what arrives decodes to exactly the example
// (form bodies through the bracket codec, JSON as sent) with a fresh signature.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as checkout from '../../generated/client/src/checkout.js';
import { createTransport, decodeForm, encodeForm, parseCallback, type FormObject, type OperationDefinition } from '../../generated/client/src/index.js';
import { invoke } from '../../generated/client/src/runtime/pipeline.js';
import * as s2s from '../../generated/client/src/s2s.js';
import { collectExamples } from '../support/spec-examples.js';
import { startLoopback, type Loopback } from '../support/loopback.js';

const definitions = [...Object.values(s2s), ...Object.values(checkout)].filter(
  (value): value is OperationDefinition => typeof value === 'object' && value !== null && 'validator' in value && 'path' in value,
);
const s2sDefinitions = definitions.filter((definition) => definition.action !== undefined);

/** The definition an example belongs to: by path, then by action (an APM sale carries `brand`). */
function definitionFor(path: string, example: Record<string, unknown>): OperationDefinition {
  if (path !== '/post') return definitions.find((definition) => definition.path === path)!;
  const candidates = s2sDefinitions.filter((definition) => definition.action === example['action']);
  const protocol = example['action'] === 'SALE' || example['action'] === 'AUTH' ? (example['brand'] !== undefined ? 'S2S APM' : 'S2S CARD') : undefined;
  return candidates.find((definition) => (protocol ? definition.name.startsWith(protocol) : true)) ?? candidates[0]!;
}

const CLIENT_FILLED = ['action', 'client_key', 'merchant_key', 'hash'];
const requestExamples = collectExamples().filter((example) => example.id.includes(' request ') && !example.id.startsWith('webhook '));
const callbackExamples = collectExamples().filter((example) => example.id.startsWith('webhook ') && example.id.includes(' request '));

let server: Loopback;
beforeAll(async () => {
  server = await startLoopback();
});
afterAll(async () => {
  await server.close();
});

describe('every request example through the client', () => {
  it('covers every operation of the spec', () => {
    const used = new Set(requestExamples.map((example) => definitionFor(example.id.split(' ')[1]!, example.value as Record<string, unknown>).name));
    const missing = definitions.filter((definition) => !used.has(definition.name) && !s2sDefinitions.some((other) => other !== definition && other.action === definition.action && used.has(other.name)));
    expect(missing.map((definition) => definition.name)).toEqual([]);
  });

  it.each(requestExamples.map((example) => [example.id, example] as const))('%s', async (_id, example) => {
    const path = example.id.split(' ')[1]!;
    const value = example.value as Record<string, unknown>;
    const definition = definitionFor(path, value);
    const transport = createTransport({ baseUrl: server.baseUrl, merchantKey: String(value['client_key'] ?? value['merchant_key'] ?? 'c2b8fb04-110f-11ea-bcd3-0242ac150003'), password: 'pw', retries: 0 });
    const input = Object.fromEntries(Object.entries(value).filter(([key]) => !CLIENT_FILLED.includes(key)));
    // An operation whose answer is an array when a field is sent (status by order_id with size).
    const arrayAnswer = definition.arrayWhen !== undefined && value[definition.arrayWhen] !== undefined;
    server.reply({ body: arrayAnswer ? [{ payment_id: 'p', status: 'settled' }] : { result: 'SUCCESS' } });
    // The original payment's values a signature covers (hashed, never sent: the body stays the example).
    const signing = definition.signing ? { signing: Object.fromEntries(definition.signing.map((field) => [field, field === 'card_number' ? '4111111111111111' : 'doe@example.com'])) } : {};
    await invoke(transport, definition, { ...input, ...signing, ...(definition.headers ? { headers: { Token: 'session-token' } } : {}) });
    const request = server.received.at(-1)!;
    const received = (definition.bodyStyle === 'form' ? decodeForm(request.body) : JSON.parse(request.body)) as Record<string, unknown>;
    const { hash, ...rest } = received;
    const expected = Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'hash'));
    if (definition.keyField === undefined) delete expected['merchant_key'];
    // A form carries strings only: compare with the example as the codec would send it.
    expect(rest).toEqual(definition.bodyStyle === 'form' ? decodeForm(new URLSearchParams(flatten(expected)).toString()) : expected);
    if (definition.signature) expect(hash).toMatch(/^[0-9a-f]{32,64}$/);
    else expect(hash).toBeUndefined();
    // The exact bytes: action and key first, the caller's fields in their order, the hash last.
    const ordered = {
      ...(definition.action ? { action: definition.action } : {}),
      ...(definition.keyField ? { [definition.keyField]: value[definition.keyField] ?? 'c2b8fb04-110f-11ea-bcd3-0242ac150003' } : {}),
      ...input,
      ...(hash === undefined ? {} : { hash }),
    };
    expect(request.body).toBe(definition.bodyStyle === 'form' ? new URLSearchParams(flatten(ordered)).toString() : JSON.stringify(ordered));
    expect(request.headers['content-type']).toBe(definition.bodyStyle === 'form' ? 'application/x-www-form-urlencoded' : 'application/json');
  });
});

function flatten(value: Record<string, unknown>, prefix = '', out: [string, string][] = []): [string, string][] {
  for (const [key, child] of Object.entries(value)) {
    const name = prefix ? `${prefix}[${key}]` : key;
    if (child === null || child === undefined) continue;
    if (typeof child === 'object') flatten(child as Record<string, unknown>, name, out);
    else out.push([name, String(child)]);
  }
  return out;
}

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
