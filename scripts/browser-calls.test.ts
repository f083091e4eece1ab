import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserCalls } from './browser-calls.mjs';

/** What the browser's module of a call module holds, built as the client build builds it. */
type Hooks = {
  buildStart: () => void;
  buildEnd: () => Promise<void>;
  load: (id: string) => Promise<string | null>;
};

const callsDir = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'shared', 'calls');
const plugin = browserCalls() as unknown as Hooks;
let scratch: string;

beforeAll(async () => {
  plugin.buildStart();
  scratch = await mkdtemp(path.join(tmpdir(), 'browser-calls-'));
});
afterAll(async () => {
  await plugin.buildEnd();
  await rm(scratch, { recursive: true, force: true });
});

async function browserModuleOf(file: string): Promise<Record<string, unknown> | null> {
  const code = await plugin.load(file);
  if (code === null) return null;
  expect(code, file).not.toMatch(/\bfrom\s*['"]|import\(/);
  const built = path.join(scratch, `${path.basename(file, '.ts')}.mjs`);
  await writeFile(built, code);
  return (await import(/* @vite-ignore */ pathToFileURL(built).href)) as Record<string, unknown>;
}

/** The keys the browser does without: the schemas and the documentation. */
const serverOnly = ['input', 'output', 'summary', 'description', 'produces'];

describe('the browser build of the call declarations', () => {
  it('gives every call its wire as declared, imports nothing, and leaves the schemas out', async () => {
    const files = (await readdir(callsDir)).filter((name) => /^[a-z-]+\.ts$/.test(name));
    let calls = 0;
    for (const name of files) {
      const file = path.join(callsDir, name);
      const declared = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
      const browser = await browserModuleOf(file);
      if (!browser) continue;
      for (const [exported, value] of Object.entries(declared)) {
        const isTable =
          value !== null &&
          typeof value === 'object' &&
          Object.values(value).every(
            (item) => typeof (item as { operationId?: unknown }).operationId === 'string',
          );
        if (isTable) {
          for (const [key, call] of Object.entries(value as Record<string, Record<string, unknown>>)) {
            const wire = Object.fromEntries(
              Object.entries(call).filter(([field]) => !serverOnly.includes(field)),
            );
            expect(
              (browser[exported] as Record<string, unknown>)[key],
              `${name}: ${exported}.${key}`,
            ).toEqual(wire);
            calls += 1;
          }
        } else if (typeof value === 'object' && value !== null && '_zod' in value) {
          expect(browser[exported], `${name}: ${exported} is a schema`).toBeUndefined();
        }
      }
    }
    expect(calls).toBeGreaterThan(300);
  });

  it('keeps plain data the browser reads (a list of role ids) and loads a module without calls as it is', async () => {
    const identity = await browserModuleOf(path.join(callsDir, 'identity.ts'));
    const { serviceBaseNames } = await import('@shared/calls/identity');
    expect(identity?.serviceBaseNames).toEqual(serviceBaseNames);
    expect(await plugin.load(path.join(callsDir, 'define.ts'))).toBeNull();
    expect(await plugin.load(path.join(callsDir, '..', 'validation', 'electronics.ts'))).toBeNull();
  });
});
