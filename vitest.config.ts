import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

// graphql 16 ships CommonJS (`main`) and ESM (`module`) builds without an `exports` map. Node loads the CommonJS one
// for every importer (Pothos, Yoga, graphql-ws), but Vite would hand transformed files the ESM one: two copies of
// graphql's classes, which graphql rejects ("from another module or realm"). Point Vite at the file Node uses.
const graphql = createRequire(import.meta.url).resolve('graphql');

export default defineConfig({
  ssr: { resolve: { conditions: ['@limbic/source'] } },
  resolve: { conditions: ['@limbic/source'], alias: [{ find: /^graphql$/, replacement: graphql }] },
  test: {
    globalSetup: ['test/build.ts'],
    include: [
      'test/**/*.test.ts',
      'core/src/**/*.test.ts',
      'core/test/**/*.test.ts',
      'protocol/src/**/*.test.ts',
      'store/src/**/*.test.ts',
      'store/test/**/*.test.ts',
      'gateway/src/**/*.test.ts',
      'gateway/test/**/*.test.ts',
      'client/src/**/*.test.ts',
      'client/test/**/*.test.ts',
      'dashboard/src/**/*.test.ts',
      'dashboard/test/**/*.test.ts',
      'adapters/*/src/**/*.test.ts',
      'adapters/*/test/**/*.test.ts',
      'examples/*/test/**/*.test.ts',
      'examples/*.test.ts',
    ],
    reporters: ['default', ['json', { outputFile: 'test-results/report.json' }]],
    testTimeout: 20_000,
  },
});
