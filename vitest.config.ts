import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { oneCopy } from './test/support/one-copy.js';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  // Every generated copy of a template loads as the template itself (test/support/one-copy.ts).
  plugins: [oneCopy(root)],
  // The sandbox imports the client package by name, as a merchant's project would, and the
  // conformance kit both; in this repository those names are the packages' entry points (the
  // client's a template, so the hand-written one; the sandbox's copy resolves to its template).
  resolve: {
    alias: {
      '@payment-gateway/merchant-client': fileURLToPath(new URL('./templates/package/index.ts', import.meta.url)),
      '@payment-gateway/sandbox': fileURLToPath(new URL('./generated/sandbox/src/index.ts', import.meta.url)),
    },
  },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
