// The kit's reports never show card data. A platform that answers every request with an error
// echoing the request whole (query, headers and body), so every scenario fails and every report
// shows every request it sent, and a callback endpoint that refuses every callback echoing its
// body: no report, in any format, holds a value the spec's examples give to a field the client's
// sensitive-field list masks (a PAN at most as its first 6 and last 4 digits), nor the password.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SENSITIVE_FIELDS } from '../../generated/client/src/sensitive-fields.js';
import { renderReport, runMerchantSuite, runPlatformSuite, type Report, type ReportFormat } from '../../generated/conformance/src/index.js';
import { decodeForm } from '../../templates/runtime/form-codec.js';
import { collectExamples } from '../support/spec-examples.js';

const PASSWORD = 'merchant-password-of-the-test';

/**
 * Every value the spec's examples give to a masked field, by field name, and the values examples
 * also give to fields the list does not mask (`123456` is a PIN and a ZIP code): those are shown
 * where they are a ZIP code, never as the masked field's value.
 */
function exampleValues(): { masked: Map<string, Set<string>>; plain: Set<string> } {
  const masked = new Map<string, Set<string>>();
  const plain = new Set<string>();
  const walk = (node: unknown, key: string | undefined): void => {
    if (Array.isArray(node)) node.forEach((item) => walk(item, key));
    else if (typeof node === 'object' && node !== null) for (const [name, value] of Object.entries(node)) walk(value, name);
    else if ((typeof node === 'string' || typeof node === 'number') && String(node) !== '' && key !== undefined) {
      if (SENSITIVE_FIELDS[key]) masked.set(key, (masked.get(key) ?? new Set()).add(String(node)));
      else plain.add(String(node));
    }
  };
  for (const example of collectExamples()) walk(example.value, undefined);
  return { masked, plain };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where a report shows a masked field's value: as that field's value, in JSON, form or bracket form, escaped or not. */
function asFieldValue(text: string, name: string, value: string): boolean {
  const encoded = [value, encodeURIComponent(value)].map(escape).join('|');
  const quote = '(\\\\?"|&quot;|%22)';
  return new RegExp(`${escape(name)}(${quote}|%5D|\\])?\\s*(:|=|%3D)\\s*${quote}?(${encoded})(?![\\p{L}\\p{N}])`, 'u').test(text);
}

async function body(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A server answering every request with `answer(echo)`, where echo is the request as received. */
async function echoing(status: number, answer: (echo: string) => unknown): Promise<{ url: string; server: Server }> {
  const server = createServer(async (request, response) => {
    const text = await body(request);
    const echo = `${request.method} ${request.url} ${JSON.stringify(request.headers)} ${text} ${JSON.stringify(text.includes('=') ? decodeForm(text) : text)}`;
    response.writeHead(status, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(answer(echo)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const FORMATS: readonly ReportFormat[] = ['md', 'json', 'junit'];
const reports: { name: string; report: Report }[] = [];
const servers: Server[] = [];

beforeAll(async () => {
  const platform = await echoing(400, (echo) => ({ result: 'ERROR', error_message: `refused: ${echo}`, error_code: '100000' }));
  const endpoint = await echoing(400, (echo) => ({ error: `refused: ${echo}` }));
  servers.push(platform.server, endpoint.server);
  reports.push({ name: 'platform', report: await runPlatformSuite({ baseUrl: platform.url, merchantKey: 'merchant-key', password: PASSWORD, timeoutMs: 5000, callbackWaitMs: 200 }) });
  reports.push({ name: 'merchant', report: await runMerchantSuite({ callbackUrl: `${endpoint.url}/callbacks`, password: PASSWORD, timeoutMs: 2000 }) });
}, 300_000);

afterAll(async () => {
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
});

describe('a report of a run in which every scenario fails', () => {
  const { masked, plain } = exampleValues();

  it('runs against an echoing platform and endpoint, failing and showing exchanges', () => {
    expect([...masked.values()].reduce((count, values) => count + values.size, 0)).toBeGreaterThan(20);
    for (const { name, report } of reports) {
      const failed = report.results.filter((result) => result.outcome === 'fail');
      expect(failed.length, name).toBeGreaterThan(20);
      expect(failed.filter((result) => result.exchange).length, name).toBeGreaterThan(10);
    }
  });

  it.each(FORMATS)('shows no masked example value, nor the password, as %s', (format) => {
    const shown: string[] = [];
    for (const { name, report } of reports) {
      const text = renderReport(report, format);
      for (const [field, values] of masked)
        for (const value of values) {
          // As the masked field's value, in any form; and anywhere as a whole word when no example gives it to another field.
          if (asFieldValue(text, field, value)) shown.push(`${name}: ${field}=${value}`);
          else if (value.length >= 8 && !plain.has(value) && new RegExp(`(?<![\\p{L}\\p{N}])${escape(value)}(?![\\p{L}\\p{N}])`, 'u').test(text))
            shown.push(`${name}: ${value} (${field})`);
        }
      if (text.includes(PASSWORD)) shown.push(`${name}: the password`);
    }
    expect(shown).toEqual([]);
  });
});
