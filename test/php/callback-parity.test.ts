// The PHP and TypeScript callback verifiers give the same verdict on the same bodies and signing
// contexts: which webhook verified and what its hash covers, or a refusal naming the same missing
// order values. The bodies are every callback kind signed as the platform would (with and
// without the order's values), the spec's callback examples, and tampered copies of each.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTestCallback, parseCallback, SignatureError } from '../../generated/client/src/index.js';
import { PROJECT_ROOT } from '../support/spec-examples.js';

const PASSWORD = '13a4822c5907ed235f3a068c76184fc3';
type Protocol = 'checkout' | 'card' | 'apm';
type Context = Record<string, unknown>;

const order = { payer_email: 'doe@example.com', card_number: '4111111111111111' };
const checkout = { id: '0b4b7e54-e5ad-11ec-9a66-0242ac140003', order_number: 'order-1234', order_amount: '100.00', order_currency: 'USD', order_description: 'Important gift', order_status: 'decline', type: 'sale', status: 'fail' };
const card = { action: 'SALE', result: 'DECLINED', status: 'DECLINED', order_id: 'O-1', trans_id: '1d152122-6c86-11eb-8a49-0242ac120013', card: '411111****1111', payer_email: 'doe@example.com' };
const { payer_email: _email, ...cardWithoutEmail } = card;
const { card: _card, ...cardWithoutEither } = cardWithoutEmail;
const apm = { action: 'SALE', result: 'SUCCESS', status: 'SETTLED', order_id: 'A-1', trans_id: 'T-A1', amount: '100.00', currency: 'EUR', brand: 'vcard' };

const signed: readonly { protocol: Protocol; fields: Record<string, string>; signedWith: Context }[] = [
  { protocol: 'checkout', fields: checkout, signedWith: {} },
  { protocol: 'card', fields: card, signedWith: {} },
  { protocol: 'card', fields: cardWithoutEmail, signedWith: { payer_email: order.payer_email } },
  { protocol: 'card', fields: cardWithoutEmail, signedWith: {} },
  { protocol: 'card', fields: cardWithoutEither, signedWith: order },
  { protocol: 'card', fields: { ...cardWithoutEmail, action: 'CREDIT2CARD' }, signedWith: {} },
  { protocol: 'card', fields: { ...cardWithoutEither, action: 'CREDIT2CARD' }, signedWith: order },
  { protocol: 'apm', fields: apm, signedWith: {} },
  { protocol: 'apm', fields: { ...apm, payer_email: 'doe@example.com' }, signedWith: {} },
  { protocol: 'apm', fields: { ...apm, action: 'CREDIT2VIRTUAL' }, signedWith: {} },
];

/** The spec's callback examples, as the shared golden vectors carry them. */
function exampleBodies(): string[] {
  const { vectors } = JSON.parse(readFileSync(join(PROJECT_ROOT, 'test/fixtures/signature-vectors.json'), 'utf8')) as {
    vectors: { id: string; algorithm: string; variant?: string; webhook?: string; fields: Record<string, string> }[];
  };
  const protocolOf: Record<string, Protocol> = { checkoutCallback: 'checkout', s2sCardCallback: 'card', s2sApmCallback: 'apm' };
  return vectors
    .filter((vector) => vector.id.startsWith('webhook ') && vector.algorithm === 'md5' && !vector.variant && protocolOf[vector.webhook ?? ''])
    .map((vector) => buildTestCallback(protocolOf[vector.webhook!]!, vector.fields, { password: PASSWORD, signingContext: order }));
}

/** A body with one value changed: the first field, the amount or the trans_id. */
function tampered(body: string): string[] {
  const form = new URLSearchParams(body);
  return ['order_amount', 'amount', 'trans_id', 'id'].filter((key) => form.has(key)).slice(0, 1).map((key) => {
    const copy = new URLSearchParams(form);
    copy.set(key, `${copy.get(key)}9`);
    return copy.toString();
  });
}

const contexts: readonly Context[] = [
  {},
  order,
  { payer_email: order.payer_email },
  { payer_email: order.payer_email, card_number: '4111111111' },
  { payer_email: order.payer_email, card_number: '411111******1111' },
  { payer_email: order.payer_email, card: '4111111111111111' },
  { ...order, order: { amount: '100.00', currency: 'USD' } },
];

interface Verdict {
  readonly name?: string;
  readonly covered?: string;
  readonly missing?: string;
}

const missingIn = (message: string) => /did not give: (.+?) \(pass/.exec(message)?.[1] ?? '';

function tsVerdict(body: string, context: Context, protocol: Protocol | undefined): Verdict {
  try {
    const event = parseCallback(body, { password: PASSWORD, signingContext: context as never, ...(protocol ? { protocol } : {}) });
    return { name: event.name, covered: [...event.covered].sort().join(',') };
  } catch (error) {
    if (!(error instanceof SignatureError)) throw error;
    return { missing: missingIn(error.message) };
  }
}

function phpVerdicts(cases: readonly { body: string; context: Context; protocol: Protocol | undefined }[]): Verdict[] {
  const dir = mkdtempSync(join(tmpdir(), 'php-callbacks-'));
  try {
    const file = join(dir, 'batch.json');
    writeFileSync(file, JSON.stringify({ password: PASSWORD, cases: cases.map((entry) => ({ ...entry, protocol: entry.protocol ?? null })) }));
    const output = execFileSync('php', [join(PROJECT_ROOT, 'test/php/bin/callback-batch.php'), file], { encoding: 'utf8', maxBuffer: 1 << 26 });
    return (JSON.parse(output) as ({ name: string; covered: string[] } | { refused: string })[]).map((entry) =>
      'refused' in entry ? { missing: missingIn(entry.refused) } : { name: entry.name, covered: [...entry.covered].sort().join(',') },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('PHP and TypeScript callback verification', () => {
  it('agree on every body × signing context × protocol choice: the same webhook and covered fields, or the same missing values named', () => {
    const bodies = [...signed.map(({ protocol, fields, signedWith }) => buildTestCallback(protocol, fields, { password: PASSWORD, signingContext: signedWith as never })), ...exampleBodies()];
    const all = [...bodies, ...bodies.flatMap(tampered)];
    const cases = all.flatMap((body) => contexts.flatMap((context) => [undefined, 'checkout', 'card', 'apm'].map((protocol) => ({ body, context, protocol: protocol as Protocol | undefined }))));
    const php = phpVerdicts(cases);
    expect(php).toHaveLength(cases.length);
    const disagreements = cases.flatMap((entry, index) => {
      const ours = tsVerdict(entry.body, entry.context, entry.protocol);
      return JSON.stringify(ours) === JSON.stringify(php[index]) ? [] : [`${entry.body} ${JSON.stringify(entry.context)} ${entry.protocol}: ts=${JSON.stringify(ours)} php=${JSON.stringify(php[index])}`];
    });
    // Both outcomes occur, so agreement is not agreement on refusing everything.
    const verified = php.filter((verdict) => verdict.name !== undefined).length;
    expect(verified).toBeGreaterThan(cases.length / 4);
    expect(php.some((verdict) => verdict.missing)).toBe(true);
    console.info(`callback parity: ${cases.length - disagreements.length}/${cases.length} verdicts agree (${verified} verified)`);
    expect(disagreements.slice(0, 20)).toEqual([]);
  }, 120_000);
});
