// The platform suite passes every scenario against a freshly started sandbox, skipping none; against a
// target without the sandbox's controls it skips what needs them, saying why, and fails nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderReport, runPlatformSuite, type Report } from '../../generated/conformance/src/index.js';
import { startTarget, type Target } from './support.js';

describe('platform suite against the sandbox', () => {
  let target: Target;
  let report: Report;
  beforeAll(async () => {
    target = await startTarget();
    report = await runPlatformSuite({
      baseUrl: target.baseUrl,
      merchantKey: target.merchantKey,
      password: target.password,
      callbackListen: target.listener,
      callbackWaitMs: 3000,
    });
  });
  afterAll(() => target.close());

  it('passes every scenario', () => {
    const failures = report.results.filter((result) => result.outcome === 'fail');
    expect(
      failures.map((failure) => `${failure.title}: ${failure.detail}`),
      renderReport(report, 'md'),
    ).toEqual([]);
    // Every family ran something: a suite that skipped a whole family would pass vacuously.
    // Against the sandbox nothing is left out: every example chained, every page completed.
    expect(report.results.filter((result) => result.outcome === 'skip').map((result) => result.title)).toEqual([]);
    for (const family of ['examples', 'errors', 'signatures', 'flows', 'callbacks'])
      expect(
        report.results.filter((result) => result.family === family && result.outcome === 'pass').length,
        family,
      ).toBeGreaterThan(0);
  });
});

describe('platform suite against a target without sandbox controls (as a real platform)', () => {
  it('fails nothing, and every scenario that needs the payer on a page or the sandbox clock skips saying why', async () => {
    const target = await startTarget({ hideControls: true });
    try {
      const report = await runPlatformSuite({
        baseUrl: target.baseUrl,
        merchantKey: target.merchantKey,
        password: target.password,
        callbackListen: target.listener,
        callbackWaitMs: 3000,
      });
      const failures = report.results.filter((result) => result.outcome === 'fail');
      expect(failures.map((failure) => `${failure.title}: ${failure.detail}`)).toEqual([]);
      const skipped = report.results.filter((result) => result.outcome === 'skip');
      for (const result of skipped)
        expect(result.detail, result.title).toMatch(
          /no sandbox controls|did not complete or were filtered out|no checkout payment was made/,
        );
      const titles = skipped.map((result) => result.title).join('\n');
      // The payer's pages, the hosted page, the schedule's dates and the examples that need a Checkout payment.
      expect(titles).toMatch(/the payer completes the page/);
      expect(titles).toMatch(/Checkout session, hosted page/);
      expect(titles).toMatch(/^Schedule: /m);
      expect(titles).toMatch(/Checkout capturePayment example/);
      expect(titles).toMatch(/Checkout purchaseHostedFields example/);
      // What does not need them still runs: the S2S chains with the test cards.
      const passedTitles = report.results.filter((result) => result.outcome === 'pass').map((result) => result.title);
      expect(passedTitles).toContain(
        'S2S CARD RECURRING_SALE example RECURRING_SALE with recurring_init_trans_id for recurring_first_trans_id, after what it names, is accepted and answers its schema',
      );
      expect(report.notes.join('\n')).toMatch(/no sandbox controls/);
    } finally {
      await target.close();
    }
  });
});

describe('the Markdown report', () => {
  it('counts each family as its rows do', () => {
    const results = (['examples', 'examples', 'flows'] as const).map((family, index) => ({
      id: `s${index}`,
      family,
      title: `scenario ${index}`,
      outcome: index === 1 ? ('fail' as const) : ('pass' as const),
      ms: 1,
    }));
    const text = renderReport({ suite: 'platform', specVersion: '1', target: 't', results, notes: [] }, 'md');
    expect(text).toContain('| examples | 1 | 1 | 0 |');
    expect(text).toContain('| flows | 1 | 0 | 0 |');
    expect(text).not.toMatch(/^\| callbacks \|/m);
  });
});
