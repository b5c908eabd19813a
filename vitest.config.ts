import { configDefaults, defineConfig } from 'vitest/config'

const TEST_FILES = [
  'packages/*/src/**/*.test.ts',
  'apps/*/src/**/*.test.{ts,tsx}',
  'scripts/**/*.test.ts',
  'bench/*.test.ts',
]
/**
 * Test files that get a module registry of their own (Vitest's default): they replace modules
 * (vi.mock), globals or the environment, or run in another environment than node; the API's start
 * its database per file; the modal's and the secure frame's gained next to nothing without it
 * (docs/testing.md). Every other file shares its worker's modules with the files before it
 * (isolate: false): each module is imported once per worker instead of once per file.
 */
export const ISOLATED = [
  'apps/api/src/**/*.test.ts',
  'apps/auth-frame/src/**/*.test.{ts,tsx}',
  'apps/modal-app/src/**/*.test.{ts,tsx}',
  'apps/host-loader/src/createLazyAppKit.test.ts',
  'apps/host-loader/src/createAppKit.loading.test.ts',
  'apps/host-loader/src/bitcoinWalletConnector.test.ts',
  'apps/host-loader/src/elements/defineAppKitElements.test.ts',
  'apps/local-relay/src/startRelay.signClient.test.ts',
  'packages/appkit/src/react/hooks.test.ts',
  'packages/appkit/src/solana/useAppKitConnection.test.ts',
  'packages/appkit/src/wagmi/wagmiAdapter.test.ts',
  'bench/comparisonPages.test.ts',
]

/**
 * The wagmi adapter's tests, run a second time on wagmi 2 (the `wagmi-2` project): `@wagmi/core`
 * resolves to the `@wagmi/core-v2` alias packages/appkit installs, in the tests and in the adapter,
 * since the package's peer range takes both majors.
 */
const WAGMI_TESTS = ['packages/appkit/src/wagmi/**/*.test.ts']

export default defineConfig({
  test: {
    environment: 'node',
    // Worker threads, not child processes: a file with a module registry of its own starts in a new
    // thread instead of a new Node process. The whole suite on two quiet cores (2026-12-01): 393 s,
    // every test passing; the modal's state files alone 24.0 s against 31.5 (docs/testing.md).
    pool: 'threads',
    testTimeout: 20_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared-modules',
          include: TEST_FILES,
          exclude: [...configDefaults.exclude, ...ISOLATED],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
      {
        extends: true,
        resolve: { alias: [{ find: /^@wagmi\/core($|\/)/, replacement: '@wagmi/core-v2$1' }] },
        test: { name: 'wagmi-2', include: WAGMI_TESTS, provide: { wagmiMajor: 2 } },
      },
    ],
  },
})
