// The S2S CARD callback page's formula, as written (its PHP notation, read by a small evaluator of
// its own, not the runtime's signer), recomputes the hash of real sandbox card callbacks: a SALE's,
// which carries no payer e-mail and is signed with the one the payment was sent with, and a
// CREDIT2CARD's. The page's words choose the line: the e-mail line when the payment has one.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_DIR } from '../support/docs-pages.js';
import { fencedBlocks } from '../support/snippets.js';
import { cardFields, nextOrder, sendS2s, startHarness, type Harness } from '../sandbox/support.js';

/** The page's formula lines: `hash = <expression>   // when <condition>` (or `// otherwise`). */
function pageFormulas(): { expression: string; when: string }[] {
  const page = readFileSync(join(DOCS_DIR, 'callbacks/s2s-card-callback.md'), 'utf8');
  const signature = page.slice(page.indexOf('## Signature'));
  const [block] = fencedBlocks(signature, 'php');
  return block!
    .trim()
    .split('\n')
    .map((line) => {
      const match = /^hash = (.+?)(?:\s+\/\/ (.+))?$/.exec(line);
      if (!match) throw new Error(`not a formula line: ${line}`);
      return { expression: match[1]!, when: match[2] ?? '' };
    });
}

/** Evaluates the PHP notation the page uses: `.`, md5/sha1/sha256, strtoupper, strrev, substr, PASSWORD and field names. */
function evaluatePhp(expression: string, values: Readonly<Record<string, string>>): string {
  const tokens = expression.match(/[A-Za-z_][A-Za-z0-9_]*|-?\d+|[().,]/g) ?? [];
  let at = 0;
  const take = (expected?: string) => {
    const token = tokens[at++];
    if (token === undefined || (expected !== undefined && token !== expected)) throw new Error(`expected ${expected ?? 'a token'} at ${at} in ${expression}`);
    return token;
  };
  const bytes = (text: string) => Buffer.from(text, 'utf8').toString('latin1');
  const concat = (): string => {
    let value = term();
    while (tokens[at] === '.') {
      take('.');
      value += term();
    }
    return value;
  };
  const term = (): string => {
    const token = take();
    if (/^-?\d+$/.test(token)) return token;
    if (tokens[at] !== '(') {
      if (token === 'PASSWORD') return bytes(values['PASSWORD']!);
      return bytes(values[token] ?? '');
    }
    take('(');
    const args = [concat()];
    while (tokens[at] === ',') {
      take(',');
      args.push(concat());
    }
    take(')');
    const [first = ''] = args;
    switch (token) {
      case 'md5':
      case 'sha1':
      case 'sha256':
        return createHash(token).update(first, 'latin1').digest('hex');
      case 'strtoupper':
        return first.replace(/[a-z]/g, (char) => char.toUpperCase());
      case 'strrev':
        return [...first].reverse().join('');
      case 'substr': {
        const start = Number(args[1]);
        return args[2] === undefined ? first.slice(start) : first.slice(start < 0 ? first.length + start : start).slice(0, Number(args[2]));
      }
      default:
        throw new Error(`the page's formula uses ${token}, which this reader does not know`);
    }
  };
  const value = concat();
  if (at !== tokens.length) throw new Error(`trailing tokens in ${expression}`);
  return value;
}

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.sandbox.close();
});

/** The signed card callback the sandbox made for an order (payer attributes off: no e-mail in it). */
async function callbackOf(orderId: string): Promise<Record<string, string>> {
  await h.sandbox.callbacksSettled();
  const record = h.sandbox.sandbox.delivery.log.find((entry) => entry.fields['order_id'] === orderId);
  if (!record) throw new Error(`no callback for ${orderId}`);
  return record.fields as Record<string, string>;
}

describe("the S2S CARD callback page's formula, as written", () => {
  const formulas = pageFormulas();
  const line = (when: RegExp) => {
    const found = formulas.find((formula) => when.test(formula.when));
    if (!found) throw new Error(`the page has no formula for ${when}: ${JSON.stringify(formulas)}`);
    return found.expression;
  };

  it('recomputes a SALE callback that carries no e-mail with the e-mail the payment was sent with', async () => {
    const sale = cardFields('SALE', '01', '2038', { payer_email: 'shopper@example.com' });
    await sendS2s(h, 'card', sale);
    const callback = await callbackOf(String(sale['order_id']));
    expect(callback['payer_email']).toBeUndefined();
    const values = { ...callback, PASSWORD: h.password, payer_email: 'shopper@example.com' };
    // The page's words: the e-mail line applies when the payment has one, the callback's or the request's.
    expect(line(/payer_email.*request/)).toMatch(/payer_email/);
    expect(evaluatePhp(line(/payer_email.*request/), values)).toBe(callback['hash']);
    // Read the other way (the e-mail only when the callback sends one), the page would give another hash.
    expect(evaluatePhp(line(/^otherwise$/), values)).not.toBe(callback['hash']);
  });

  it('recomputes a CREDIT2CARD callback with its own line', async () => {
    const orderId = nextOrder('P');
    await sendS2s(h, 'card', {
      action: 'CREDIT2CARD',
      order_id: orderId,
      order_amount: '5.00',
      order_currency: 'USD',
      order_description: 'Payout',
      card_number: '4601541833776519',
      payer_ip: '203.0.113.10',
    });
    const callback = await callbackOf(orderId);
    expect(evaluatePhp(line(/action=CREDIT2CARD/), { ...callback, PASSWORD: h.password })).toBe(callback['hash']);
  });
});
