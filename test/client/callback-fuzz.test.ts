// Found by fuzzing: whatever an unauthenticated sender posts, parseCallback answers with a
// SignatureError, and the callback validators report a cyclic or extreme custom_data as an
// issue at its wire path; nothing overflows the stack.
import { describe, expect, it } from 'vitest';
import {
  buildTestCallback,
  parseCallback,
  SignatureError,
  validateCallbackCustomData,
  validateCheckoutCallback,
  validateS2sApmCallback,
  validateS2sCardCallback,
} from '../../generated/client/src/index.js';
import { cyclicObject, deepObject, thrown } from '../support/hostile.js';

const PASSWORD = '13a4822c5907ed235f3a068c76184fc3';

describe('parseCallback on hostile bodies', () => {
  const card = { action: 'SALE', result: 'SUCCESS', status: 'SETTLED', order_id: 'O-1', trans_id: 'T-1', card: '411111****1111', payer_email: 'doe@example.com' };
  it.each([
    { given: 'a 13.5 kB unsigned body of 4,500 levels', body: () => `a${'[a]'.repeat(4500)}=1`, want: /cannot be read as a form.*nests deeper/ },
    { given: 'a genuine signed callback with 10k levels of custom_data appended', body: () => `${buildTestCallback('card', card, { password: PASSWORD })}&custom_data${'[a]'.repeat(10_000)}=1`, want: /nests deeper/ },
    { given: 'more than 10,000 fields', body: () => `${'x=1&'.repeat(10_001)}hash=00`, want: /more than 10000 fields/ },
  ])('$given: SignatureError', ({ body, want }) => {
    const error = thrown(() => parseCallback(body(), { password: PASSWORD }));
    expect(error).toBeInstanceOf(SignatureError);
    expect((error as Error).message).toMatch(want);
  });
});

describe('callback validators on custom_data they cannot walk', () => {
  const deep = deepObject;
  const cyclic = cyclicObject;
  const validators = { validateCheckoutCallback, validateS2sCardCallback, validateS2sApmCallback };

  it.each(Object.entries(validators).flatMap(([name, validate]) => [
    { name, validate, given: '10k-deep', custom_data: deep(10_000), rule: 'maxDepth', path: /^custom_data(\[a\])+$/ },
    { name, validate, given: 'cyclic', custom_data: cyclic(), rule: 'cycle', path: /^custom_data\[self\]$/ },
  ]))('$name, $given custom_data: an issue, not a RangeError', ({ validate, custom_data, rule, path }) => {
    const result = validate({ custom_data });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues).toEqual([{ path: expect.stringMatching(path), rule, message: expect.any(String) }]);
  });

  it('validateCallbackCustomData on its own value', () => {
    const result = validateCallbackCustomData(deep(10_000));
    expect(result).toMatchObject({ ok: false, issues: [{ rule: 'maxDepth' }] });
  });
});
