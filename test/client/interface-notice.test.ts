// The client knows its version: the sandbox announces the interface and the release it belongs to
// in every answer, and the client reports an announcement newer than its own SPEC_VERSION or
// PACKAGE_VERSION once per process, pointing to the upgrade guide: on the console for a sandbox
// unless told otherwise, never for the platform unless asked, and never in the way of the request.
// A newer sandbox is the real one with its two headers raised, as a later release would send them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigurationError, createS2SClient, INTERFACE_HEADERS, PACKAGE_VERSION, SPEC_VERSION, type InterfaceNotice } from '@payment-gateway/merchant-client';
import { resetInterfaceNotice } from '../../templates/runtime/interface-notice.js';
import { cardSale, startHarness, type Harness } from '../sandbox/support.js';
import { PROJECT_ROOT } from '../support/spec-examples.js';

const bump = (version: string, part: 0 | 1) => version.split('.').map((value, index) => (index === part ? Number(value) + 1 : index > part ? 0 : Number(value))).join('.');
const NEWER_RELEASE = bump(PACKAGE_VERSION, 0);
const NEWER_INTERFACE = bump(SPEC_VERSION, 1);

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.sandbox.close());
afterEach(() => {
  resetInterfaceNotice();
  vi.restoreAllMocks();
});

/** A fetch that passes the sandbox's answer on with the announcement headers replaced (null: removed). */
function announcing(announce: Partial<Record<keyof typeof INTERFACE_HEADERS, string | null>>): typeof fetch {
  return async (input, init) => {
    const answer = await fetch(input, init);
    const headers = new Headers(answer.headers);
    for (const [name, value] of Object.entries(announce)) {
      const header = INTERFACE_HEADERS[name as keyof typeof INTERFACE_HEADERS];
      if (value === null) headers.delete(header);
      else headers.set(header, value);
    }
    return new Response(answer.body, { status: answer.status, headers });
  };
}

const client = (options: Partial<Parameters<typeof createS2SClient>[0]> = {}) =>
  createS2SClient({ baseUrl: h.sandbox.url, merchantKey: h.key, password: h.password, retries: 0, ...options });

describe('the interface notice', () => {
  it('the sandbox announces the interface and the release of the client it was generated with, in every answer', async () => {
    const seen: Headers[] = [];
    const spy: typeof fetch = async (input, init) => {
      const answer = await fetch(input, init);
      seen.push(answer.headers);
      return answer;
    };
    await client({ fetch: spy }).card.sale(cardSale());
    await expect(client({ fetch: spy }).card.getTransStatus({ trans_id: '00000000-0000-0000-0000-000000000000' })).rejects.toThrow();
    const root = await fetch(`${h.sandbox.url}/_sandbox`);
    for (const headers of [...seen, root.headers]) {
      expect(headers.get(INTERFACE_HEADERS.interfaceVersion)).toBe(SPEC_VERSION);
      expect(headers.get(INTERFACE_HEADERS.sandboxRelease)).toBe(PACKAGE_VERSION);
    }
  });

  it('says nothing when the sandbox is of the client\'s own release', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await client().card.sale(cardSale());
    expect(warn).not.toHaveBeenCalled();
  });

  it('reports a newer sandbox release on the console once per process, with the upgrade guide between the two releases', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetchNewer = announcing({ sandboxRelease: NEWER_RELEASE });
    const sale = await client({ fetch: fetchNewer }).card.sale(cardSale());
    await client({ fetch: fetchNewer }).card.sale(cardSale());
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toContain(`speaks release ${NEWER_RELEASE}, newer than this client (release ${PACKAGE_VERSION}, interface ${SPEC_VERSION})`);
    expect(warn.mock.calls[0]![0]).toContain(`/upgrade/${PACKAGE_VERSION}-to-${NEWER_RELEASE}`);
    // The answer is the sandbox's, as without the notice.
    expect(sale.result).toBe('SUCCESS');
  });

  it('is off for the platform unless asked: a function then receives the notice', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const platform = announcing({ sandboxRelease: null, interfaceVersion: NEWER_INTERFACE });
    await client({ fetch: platform }).card.sale(cardSale());
    expect(warn).not.toHaveBeenCalled();
    const notices: InterfaceNotice[] = [];
    await client({ fetch: platform, interfaceNotice: (notice) => notices.push(notice) }).card.sale(cardSale());
    expect(notices).toEqual([
      expect.objectContaining({ specVersion: SPEC_VERSION, packageVersion: PACKAGE_VERSION, interfaceVersion: NEWER_INTERFACE, guide: '/upgrade/' }),
    ]);
    expect(notices[0]!.message).toMatch(/^The platform at .* speaks interface /);
    expect(notices[0]).not.toHaveProperty('sandboxRelease');
  });

  it('never reports when told not to, and a notice that throws does not fail the request', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await client({ fetch: announcing({ sandboxRelease: NEWER_RELEASE }), interfaceNotice: false }).card.sale(cardSale());
    expect(warn).not.toHaveBeenCalled();
    const throwing = client({
      fetch: announcing({ sandboxRelease: NEWER_RELEASE }),
      interfaceNotice: () => {
        throw new Error('a broken notice handler');
      },
    });
    await expect(throwing.card.sale(cardSale())).resolves.toMatchObject({ result: 'SUCCESS' });
  });

  it('ignores an announcement it cannot read or that is not newer', async () => {
    const notices: InterfaceNotice[] = [];
    for (const announce of [{ sandboxRelease: 'next' }, { sandboxRelease: PACKAGE_VERSION, interfaceVersion: '1.0.0' }, { interfaceVersion: `${SPEC_VERSION}-rc.1` }])
      await client({ fetch: announcing(announce), interfaceNotice: (notice) => notices.push(notice) }).card.sale(cardSale());
    expect(notices).toEqual([]);
  });

  it('the PHP Gateway reads the same two headers', () => {
    const php = readFileSync(join(PROJECT_ROOT, 'templates', 'php', 'src', 'InterfaceNotice.php'), 'utf8');
    const constant = (name: string) => new RegExp(`const ${name} = '([^']+)'`).exec(php)?.[1];
    expect({ interfaceVersion: constant('INTERFACE_VERSION_HEADER'), sandboxRelease: constant('SANDBOX_RELEASE_HEADER') }).toEqual(INTERFACE_HEADERS);
  });

  it('refuses an interfaceNotice that is neither a boolean nor a function', () => {
    expect(() => client({ interfaceNotice: 'yes' as unknown as boolean })).toThrow(ConfigurationError);
  });
});
