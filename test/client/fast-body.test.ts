// The body of a request is read field by field by the validator, the signer and the encoder. An
// object of its size grown key by key becomes a slow dictionary in V8 (that cost a tenth of a
// loopback round trip); the pipeline builds it from object literals and spreads instead. V8 is
// asked directly, in a child Node with --allow-natives-syntax.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/spec-examples.js';

const dir = mkdtempSync(join(tmpdir(), 'fast-body-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const source = (file: string) => JSON.stringify(pathToFileURL(join(PROJECT_ROOT, file)).href);

/** Runs `body` (TypeScript, top-level await) in a child Node that may call %HasFastProperties, and returns what it prints as JSON. */
function inV8(body: string): unknown {
  const script = join(dir, `probe-${Math.random().toString(36).slice(2)}.mts`);
  writeFileSync(
    script,
    `const isFast = new Function('value', 'return %HasFastProperties(value)');
const client = await import(${source('generated/client/src/index.ts')});
const { copyStructure } = await import(${source('generated/client/src/runtime/structure.ts')});
const { CARD_SALE } = await import(${source('test/support/fixtures.ts')});
${body}`,
  );
  const run = spawnSync(process.execPath, ['--allow-natives-syntax', '--import', 'tsx', script], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`the probe failed:\n${run.stderr}`);
  return JSON.parse(run.stdout);
}

describe('the request body has fast properties', () => {
  // Forty fields: well past the dozen a key-by-key object keeps fast.
  const wide = `const wide = { ...CARD_SALE, payer_first_name: 'John', payer_last_name: 'Doe', payer_address: 'Big street',
  payer_country: 'US', payer_state: 'CA', payer_city: 'City', payer_zip: '123456', payer_email: 'doe@example.com',
  payer_phone: '199999999', payer_ip: '203.0.113.7', term_url_3ds: 'https://merchant.example/3ds',
  mpi_data: { eci: '05', authentication_value: 'AAAB', ds_trans_id: '9a1d2f1e-5b4c-4e38-9d0f-0c1b2a3d4e5f', '3ds_version': '2.2.0' } };
const options = { baseUrl: 'https://gateway.example', merchantKey: 'key', password: 'secret' };`;

  it('as the pipeline copies, signs and labels it, with and without fields that never go on the wire', () => {
    const probe = inV8(`${wide}
const signed = client.buildRequest(client.saleCardOperation, options, wide);
const withLocal = client.buildRequest(client.saleCardOperation, options, { ...wide, hash: 'caller', headers: {} });
const copied = copyStructure(wide, String, undefined, (fields) => ({ action: 'SALE', client_key: 'key', ...fields })).value;
console.log(JSON.stringify({
  fields: Object.keys(signed).length,
  signed: isFast(signed), withLocal: isFast(withLocal), copied: isFast(copied), nested: isFast(copied.mpi_data),
  order: Object.keys(copied).slice(0, 3), hashLast: Object.keys(signed).at(-1),
}));`);
    expect(probe).toEqual({
      fields: expect.any(Number),
      signed: true,
      withLocal: true,
      copied: true,
      nested: true,
      order: ['action', 'client_key', 'order_id'],
      hashLast: 'hash',
    });
    expect((probe as { fields: number }).fields).toBeGreaterThan(20);
  });

  it('where a body with a field deleted would not be (the probe tells the two apart)', () => {
    const probe = inV8(`${wide}
const deleted = client.buildRequest(client.saleCardOperation, options, wide);
delete deleted.order_id;
console.log(JSON.stringify({ deleted: isFast(deleted) }));`);
    expect(probe).toEqual({ deleted: false });
  });
});
