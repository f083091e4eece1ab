import { defineConfig } from 'vitest/config';

// The whole unit and server suite runs on the embedded PGlite; when TEST_DATABASE_URL points at a
// PostgreSQL server, the server suite runs a second time against it (a fresh database per test file).
const postgresUrl = process.env.TEST_DATABASE_URL;

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'pglite',
          include: ['{shared,server,console,hall}/**/*.test.{ts,tsx}'],
          env: { TEST_DB: 'pglite' },
        },
      },
      ...(postgresUrl
        ? [
            {
              extends: true,
              test: {
                name: 'postgres',
                include: ['server/**/*.test.ts'],
                // These exercise the embedded database or no database at all: once is enough.
                exclude: [
                  'server/config.test.ts',
                  'server/storage/**',
                  'server/db/{backup,client,crash-durability,data-dir-lock}.test.ts',
                ],
                env: { TEST_DB: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
