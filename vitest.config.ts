import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// The whole unit and server suite runs on the embedded PGlite; when TEST_DATABASE_URL points at a
// PostgreSQL server, the server suite runs a second time against it (a fresh database per test file).
// Each test file's database is a copy of a template the run makes once (server/test/templates.ts).
const postgresUrl = process.env.TEST_DATABASE_URL;

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // A worker per core. Vitest's default leaves one core to its main process: on CI's two cores that
    // was one test file at a time, with the second core mostly idle while the file waited on its
    // database (measured: 1.4 cores busy over the PGlite suite).
    maxWorkers: availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['server/test/global-setup.ts'],
    // Every project runs on the embedded PGlite but `postgres`, which says so itself.
    env: { TEST_DB: 'pglite' },
    projects: [
      {
        extends: true,
        test: {
          // The browser and shared code (and the build's own plugins): some files stand in for browser
          // globals (window, document) to load their modules, so each file gets a module graph of its own.
          name: 'units',
          include: ['{shared,console,hall,scripts}/**/*.test.{ts,tsx}'],
        },
      },
      {
        extends: true,
        test: {
          name: 'pglite',
          include: ['server/**/*.test.ts'],
          // Server test files share their worker's modules: each file's state lives in the context
          // it creates (a database of its own; the few process-wide settings, such as the credit
          // grade rule, are installed anew by each context's withServices) and no module is mocked. Loading
          // the server's module graph anew for each of 160 files cost more than their tests (the
          // whole PGlite run: 12 min isolated, under 5 shared, on two cores).
          isolate: false,
        },
      },
      ...(postgresUrl
        ? [
            {
              extends: true,
              test: {
                name: 'postgres',
                include: ['server/**/*.test.ts'],
                isolate: false,
                // These exercise the embedded database or no database at all (database-unreachable
                // reaches the server of TEST_DATABASE_URL in the pglite run already): once is enough.
                exclude: [
                  'server/config.test.ts',
                  'server/storage/**',
                  'server/db/{backup,client,contains-pattern,crash-durability,data-dir-lock,database-unreachable}.test.ts',
                  'server/lib/{client-address,html-sanitizer,logger,page-mirror,password,request-body}.test.ts',
                  'server/seed/{demo-digest,documents,names,random}.test.ts',
                  'server/modules/identity/cas/service-files.test.ts',
                  'server/modules/map/map-service.test.ts',
                ],
                env: { TEST_DB: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
