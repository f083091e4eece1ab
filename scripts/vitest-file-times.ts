/**
 * A vitest reporter that writes where each test file's time went, to see what makes the suite slow:
 * `npx vitest run --reporter=default --reporter=./scripts/vitest-file-times.ts`. Writes
 * VITEST_FILE_TIMES (default test-results/vitest-file-times.json) and prints the slowest files.
 * Per file: `wall` from queued to done, `import` (collect: loading the file and what it imports, and
 * top-level code), `hooks and tests` (beforeAll, the tests, afterAll).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

interface FileTime {
  project: string;
  file: string;
  wallMs: number;
  environmentMs: number;
  prepareMs: number;
  importMs: number;
  setupMs: number;
  /** beforeAll/afterAll and the like: hooksAndTestsMs less the tests' own durations. */
  hooksMs: number;
  hooksAndTestsMs: number;
}

const SHOWN = 25;

export default class FileTimesReporter implements Reporter {
  private readonly queuedAt = new Map<string, number>();
  private readonly times: FileTime[] = [];
  private root = process.cwd();

  onInit(vitest: { config: { root: string } }): void {
    this.root = vitest.config.root;
  }

  onTestModuleQueued(module: TestModule): void {
    this.queuedAt.set(module.id, performance.now());
  }

  onTestModuleEnd(module: TestModule): void {
    const diagnostic = module.diagnostic();
    const queued = this.queuedAt.get(module.id) ?? performance.now();
    let testsMs = 0;
    for (const test of module.children.allTests()) testsMs += test.diagnostic()?.duration ?? 0;
    this.times.push({
      project: module.project.name,
      file: path.relative(this.root, module.moduleId),
      wallMs: Math.round(performance.now() - queued),
      environmentMs: Math.round(diagnostic.environmentSetupDuration),
      prepareMs: Math.round(diagnostic.prepareDuration),
      importMs: Math.round(diagnostic.collectDuration),
      setupMs: Math.round(diagnostic.setupDuration),
      hooksMs: Math.round(diagnostic.duration - testsMs),
      hooksAndTestsMs: Math.round(diagnostic.duration),
    });
  }

  onTestRunEnd(): void {
    const target =
      process.env.VITEST_FILE_TIMES ?? path.join(this.root, 'test-results', 'vitest-file-times.json');
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, `${JSON.stringify(this.times, null, 1)}\n`);
    const byProject = new Map<string, number>();
    for (const time of this.times)
      byProject.set(time.project, (byProject.get(time.project) ?? 0) + time.wallMs);
    const slowest = [...this.times].sort((a, b) => b.wallMs - a.wallMs).slice(0, SHOWN);
    const seconds = (ms: number) => (ms / 1000).toFixed(1).padStart(6);
    console.log(`\nSlowest test files (s)     wall import  hooks  tests   (all: ${target})`);
    for (const time of slowest)
      console.log(
        `  ${time.project.padEnd(9)} ${seconds(time.wallMs)} ${seconds(time.importMs)} ${seconds(time.hooksMs)} ${seconds(time.hooksAndTestsMs - time.hooksMs)}  ${time.file}`,
      );
    for (const [project, ms] of byProject)
      console.log(
        `  ${project}: ${this.times.filter((t) => t.project === project).length} files, ${seconds(ms)} s summed`,
      );
  }
}
