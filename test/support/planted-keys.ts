// Prototype pollution in a test: keys assigned on Object.prototype, as an assignment through
// `__proto__` plants them, for one synchronous run only.

/** Runs `run` with `planted` assigned on Object.prototype, and removes them again. */
export function withPlantedKeys<T>(planted: Readonly<Record<string, unknown>>, run: () => T): T {
  const prototype = Object.prototype as Record<string, unknown>;
  const keys = Object.keys(planted);
  if (keys.some((key) => key in prototype)) throw new Error(`Object.prototype already has one of ${keys.join(', ')}`);
  try {
    for (const key of keys) prototype[key] = planted[key];
    return run();
  } finally {
    for (const key of keys) delete prototype[key];
  }
}
