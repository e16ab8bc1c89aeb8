// The platform suite passes every scenario against a freshly started sandbox.
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
    for (const family of ['examples', 'errors', 'signatures', 'flows', 'callbacks'])
      expect(
        report.results.filter((result) => result.family === family && result.outcome === 'pass').length,
        family,
      ).toBeGreaterThan(0);
  });
});
