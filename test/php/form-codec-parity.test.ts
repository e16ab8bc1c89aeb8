// The PHP form codec and the TypeScript one encode the same trees to the same bytes and decode
// each other's bodies to the same trees (one php process over a batch); PHP's own
// http_build_query differs only in escaping `*` (%2A), which both decoders read back alike.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeForm, encodeForm, type FormObject } from '../../generated/client/src/runtime/form-codec.js';
import { collectExamples, PROJECT_ROOT } from '../support/spec-examples.js';

const TREES: FormObject[] = [
  { action: 'SALE', order_description: 'Ünïcödé 名前 = & ? / # % ~ * + !\'()', payer_email: 'a+b@example.com' },
  { parameters: { cart: { items: [{ name: 'Tea', qty: '2' }, { name: 'Cup & saucer' }] } } },
  { transactions: Array.from({ length: 12 }, (_, i) => `t${i}`), nested: { '0': 'a', '10': 'b', x: { y: { z: 'deep' } } } },
  { empty: '', space: ' leading and trailing ', newline: 'a\r\nb', tab: '\t' },
  // Every form example of the spec, as merchants send and the platform calls back.
  ...collectExamples()
    .filter((example) => example.style === 'form' && typeof example.value === 'object' && example.value !== null)
    .map((example) => example.value as FormObject),
];

describe('the PHP and TypeScript form codecs', () => {
  it('write the same bytes and read each other back to the same trees', () => {
    const dir = mkdtempSync(join(tmpdir(), 'php-codec-'));
    try {
      const file = join(dir, 'batch.json');
      const tsBodies = TREES.map((tree) => encodeForm(tree));
      writeFileSync(file, JSON.stringify({ trees: TREES, bodies: tsBodies }));
      const php = JSON.parse(execFileSync('php', [join(PROJECT_ROOT, 'test/php/bin/codec-batch.php'), file], { encoding: 'utf8' })) as {
        encoded: string[];
        decoded: unknown[];
        native: string[];
      };
      expect(php.encoded).toEqual(tsBodies);
      expect(php.decoded).toEqual(tsBodies.map((body) => decodeForm(body)));
      // PHP's own encoder, read by the TypeScript decoder: the same trees.
      expect(php.native.map((body) => decodeForm(body))).toEqual(tsBodies.map((body) => decodeForm(body)));
      expect(TREES.length).toBeGreaterThan(50);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
