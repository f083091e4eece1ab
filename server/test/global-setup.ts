/**
 * Vitest's global setup (vitest.config.ts), once per project of a run: a directory for the run's
 * database templates (server/test/templates.ts) and a prefix for its PostgreSQL databases, handed to
 * the test files through `inject('testRun')`. The teardown removes the directory and drops every
 * database carrying the prefix: the templates, and copies a crashed test file left behind.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dropDatabasesStartingWith } from './postgres-admin';
import type { TestRun } from './templates';

export default function setup(project: TestProject): () => Promise<void> {
  const run: TestRun = {
    dir: fs.mkdtempSync(path.join(os.tmpdir(), 'survey-test-run-')),
    prefix: `survey_test_${randomBytes(4).toString('hex')}`,
  };
  project.provide('testRun', run);
  return async () => {
    fs.rmSync(run.dir, { recursive: true, force: true });
    if (process.env.TEST_DATABASE_URL) await dropDatabasesStartingWith(run.prefix);
  };
}
