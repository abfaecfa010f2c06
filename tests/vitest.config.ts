import { defineConfig } from 'vitest/config';

// One config, three suites: `vitest run -c tests/vitest.config.ts --project unit|integration|infra`.
export default defineConfig({
  test: {
    // Powertools' metrics are CloudWatch log lines: in tests they would only flood the output.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', POWERTOOLS_METRICS_DISABLED: 'true' },
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], testTimeout: 60_000 } },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/integration/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One twin for the whole suite; files run one after another against it.
          fileParallelism: false,
        },
      },
      { extends: true, test: { name: 'infra', include: ['tests/infra/**/*.test.ts'], testTimeout: 300_000 } },
    ],
  },
});
