import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/*/src/**/*.test.{ts,tsx}',
      'scripts/**/*.test.ts',
      'bench/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 20_000,
  },
})
