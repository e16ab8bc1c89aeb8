import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The sandbox package imports the client package by name, as a merchant's project would; in
  // this repository that name is the generated client's sources (tsconfig.json \`paths\` too).
  resolve: {
    alias: { '@payment-gateway/merchant-client': fileURLToPath(new URL('./generated/client/src/index.ts', import.meta.url)) },
  },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
