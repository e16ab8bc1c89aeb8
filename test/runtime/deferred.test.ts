// The runtime of deferred validator pieces (templates/runtime/validation.ts): a piece not loaded
// yet never answers for its code (a `false` would turn a `not` or a `oneOf` around it), the
// validator answers `pending` instead, and the same value validates again once it is loaded,
// piece after piece; a server loads them all first; validators.ts hands their code in.
import { describe, expect, it } from 'vitest';
import {
  defer,
  loadDeferred,
  provide,
  reject,
  validator,
  type Compiled,
  type Deferred,
  type DeferredModule,
} from '../../templates/runtime/validation.js';

/** A piece whose module loads when asked, counting its loads; `fail` rejects the first one. */
function piece(validate: Compiled, deferred: readonly Deferred[] = [], fail = false) {
  let loads = 0;
  const load = async (): Promise<DeferredModule> => {
    loads++;
    if (fail && loads === 1) throw new Error('chunk load failed');
    return { validate, deferred };
  };
  return { stub: defer(load), loads: () => loads };
}

const isOne: Compiled = (value, ctx) => value === 1 || !reject(ctx, 'const', 'must be 1');

/** Validates until the answer is not pending; the number of answers it took. */
async function settle(validate: ReturnType<typeof validator>, value: unknown) {
  let result = validate(value);
  let answers = 1;
  while (!result.ok && result.pending) {
    await result.pending;
    result = validate(value);
    answers++;
  }
  return { result, answers };
}

describe('a validator reaching deferred pieces', () => {
  it('answers pending, with no issues, until the piece is loaded; then validates', async () => {
    const inner = piece(isOne);
    const validate = validator((value, ctx) => inner.stub((value as { x: unknown }).x, ctx), 'json');
    const first = validate({ x: 1 });
    expect(first).toMatchObject({ ok: false, issues: [] });
    expect(first.ok === false && first.pending).toBeInstanceOf(Promise);
    expect(await settle(validate, { x: 1 })).toEqual({ result: { ok: true, value: { x: 1 } }, answers: 2 });
    expect(validate({ x: 2 })).toEqual({ ok: false, issues: [{ path: '', rule: 'const', message: 'must be 1' }] });
    expect(inner.loads()).toBe(1);
  });

  it('never answers for a piece it has not loaded, even under a `not`', async () => {
    const inner = piece(isOne);
    const validate = validator((value, ctx) => !inner.stub(value) || !reject(ctx, 'not', 'must not be 1'), 'json');
    expect(validate(1)).toMatchObject({ ok: false, issues: [] });
    expect((await settle(validate, 1)).result).toEqual({ ok: false, issues: [{ path: '', rule: 'not', message: 'must not be 1' }] });
  });

  it('loads a piece the loaded one reaches in turn, one more answer later', async () => {
    const inner = piece(isOne);
    const outer = piece((value, ctx) => inner.stub(value, ctx));
    const validate = validator((value, ctx) => outer.stub(value, ctx), 'json');
    expect(await settle(validate, 1)).toEqual({ result: { ok: true, value: 1 }, answers: 3 });
  });

  it('a failed load is tried again on the next call', async () => {
    const inner = piece(isOne, [], true);
    const validate = validator((value, ctx) => inner.stub(value, ctx), 'json');
    const first = validate(1);
    await expect(first.ok === false && first.pending).rejects.toThrow('chunk load failed');
    expect(await settle(validate, 1)).toEqual({ result: { ok: true, value: 1 }, answers: 2 });
    expect(inner.loads()).toBe(2);
  });
});

describe('code handed in without a load', () => {
  it.each([
    {
      name: 'loadDeferred (a server): the pieces and those they defer, each once',
      ready: async (outer: Deferred, _inner: Deferred) => loadDeferred([outer, outer]),
      loads: 1,
    },
    {
      name: 'provide (validators.ts): the code, imported statically',
      ready: async (outer: Deferred, inner: Deferred) => {
        provide(
          [
            [outer, (value: unknown, ctx?: Parameters<Compiled>[1]) => inner(value, ctx)],
            [inner, isOne],
          ],
          undefined,
        );
      },
      loads: 0,
    },
  ])('$name', async ({ ready, loads }) => {
    const inner = piece(isOne);
    const outer = piece((value, ctx) => inner.stub(value, ctx), [inner.stub]);
    await ready(outer.stub, inner.stub);
    const validate = validator((value, ctx) => outer.stub(value, ctx), 'json');
    expect(validate(1)).toEqual({ ok: true, value: 1 });
    expect(validate(2)).toMatchObject({ ok: false, issues: [{ rule: 'const' }] });
    expect([outer.loads(), inner.loads()]).toEqual([loads, loads]);
  });
});
