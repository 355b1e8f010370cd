import { defineConfig } from 'vitest/config';

export default defineConfig({
  ssr: { resolve: { conditions: ['@limbic/source'] } },
  resolve: { conditions: ['@limbic/source'] },
  test: {
    include: [
      'core/src/**/*.test.ts',
      'core/test/**/*.test.ts',
      'gateway/src/**/*.test.ts',
      'gateway/test/**/*.test.ts',
      'examples/*/test/**/*.test.ts',
    ],
    reporters: ['default', ['json', { outputFile: 'test-results/report.json' }]],
    testTimeout: 20_000,
  },
});
