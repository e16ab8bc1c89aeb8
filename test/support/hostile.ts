// Values the fuzz-found defects were made of, and a helper to catch what a call throws.

/** `{ a: { a: … { leaf: '1' } } }`, `levels` deep. */
export function deepObject(levels: number): Record<string, unknown> {
  let node: Record<string, unknown> = { leaf: '1' };
  for (let i = 0; i < levels; i++) node = { a: node };
  return node;
}

/** `{ a: '1', self: <itself> }`. */
export function cyclicObject(): Record<string, unknown> {
  const node: Record<string, unknown> = { a: '1' };
  node['self'] = node;
  return node;
}

/** What `run` throws; fails the test when it returns. */
export function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

/** What `promise` rejects with; fails the test when it resolves. */
export async function rejected(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}
