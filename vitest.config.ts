import path from 'node:path'

import { defineConfig } from 'vitest/config'

const alias = { '@payload-config': path.resolve('src/payload.config.ts'), '@/': `${path.resolve('src')}/` }

/**
 * The API suites run once per database: the same files, a fresh database per file. The files of a worker share its
 * process and what it loaded of node_modules; each file's own modules, service and database are new
 * (tests/helpers/worker-reuse.ts).
 */
const apiProject = (dialect: 'sqlite' | 'postgres') => ({
  resolve: { alias },
  test: {
    name: `api-${dialect}`,
    include: ['tests/api/**/*.test.ts'],
    setupFiles: ['tests/helpers/worker-reuse.ts', 'tests/helpers/database.ts'],
    env: { TEST_DIALECT: dialect },
    globalSetup: [
      'tests/helpers/run-files.ts',
      ...(dialect === 'postgres' ? ['tests/helpers/postgres-cleanup.ts'] : []),
      'tests/helpers/template-setup.ts',
    ],
    pool: 'forks' as const,
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})

/**
 * How long `expect.poll` waits in the end-to-end files: what a browser waits for there (a form's fields, which the
 * admin builds on the server; a message through the queue) took more than vitest's default second on a loaded
 * machine, and a poll that gives up early fails a test whose service is only slow.
 */
const E2E_POLL = { timeout: 30_000, interval: 100 }

export default defineConfig({
  // scripts/test.mjs gives each of its vitest runs a folder of its own: the results kept there (each file's last
  // duration, which orders the next run's files longest first) would otherwise be overwritten by the other run's.
  cacheDir: process.env.VITEST_CACHE_DIR,
  test: {
    maxWorkers: 2,
    projects: [
      // Pure functions and the edge with its clock passed in: the files share their workers' loaded modules
      // (checked in shuffled orders), which is what keeps `npm run test:quick` under 20 seconds.
      { resolve: { alias }, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], isolate: false } },
      apiProject('sqlite'),
      apiProject('postgres'),
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: [
            'tests/helpers/run-files.ts',
            'tests/helpers/preflight-e2e.ts',
            'tests/helpers/postgres-cleanup.ts',
          ],
          testTimeout: 120_000,
          hookTimeout: 600_000,
          expect: { poll: E2E_POLL },
          // Two files at a time: each starts services of its own on free loopback ports and spends much of its time
          // waiting on them, so a second file fills the time the first one waits.
          maxWorkers: 2,
        },
      },
      {
        resolve: { alias },
        // The browser suites again, their service on PostgreSQL (the cache and rate-limit suites run on both inside
        // tests/e2e/edge-cache.test.ts and edge-proxy.test.ts).
        test: {
          name: 'e2e-postgres',
          include: ['tests/e2e/site.test.ts', 'tests/e2e/admin.test.ts', 'tests/e2e/uptime-bars.test.ts'],
          env: { E2E_DATABASE: 'postgres' },
          globalSetup: [
            'tests/helpers/run-files.ts',
            'tests/helpers/preflight-e2e.ts',
            'tests/helpers/postgres-cleanup.ts',
          ],
          testTimeout: 120_000,
          hookTimeout: 600_000,
          expect: { poll: E2E_POLL },
          // After everything else, two at a time like the e2e project: beside it, they made a third and fourth
          // browser at once.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
})
