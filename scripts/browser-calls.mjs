/**
 * The browser's calls are their wires: in the client build, each call module of shared/calls is
 * replaced by the wire descriptions of its calls (path, methods, encoding, envelope, access, paging,
 * input field names: what shared/api/call.ts and the console kit read), computed from the module
 * itself at build time. The schemas, and zod, shared/validation and shared/domain with them, stay on
 * the server, the hall's server-rendered pages and the tests; the browser validates a form with the
 * schema the form imports from shared/validation, which is what loads zod, with the form.
 *
 * So a call is still declared once (shared/calls/<domain>.ts) and the browser code is typed by it,
 * but a page held to a JavaScript budget does not carry every declaration's schemas
 * (docs/decisions/0006-contracts-and-console-kit.md). A module's other exports reach the browser
 * when they are plain data (a list of role ids); anything else (a schema) is left out, so a browser
 * import of it fails the build with a missing export instead of shipping zod.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

const root = fileURLToPath(new URL('..', import.meta.url));
const callsDir = path.join(root, 'shared', 'calls');

const isPlainObject = (value) =>
  value !== null &&
  typeof value === 'object' &&
  [Object.prototype, null].includes(Object.getPrototypeOf(value));

/** Text, numbers, booleans, null, and arrays and plain objects of these. */
function isPlainData(value) {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return true;
  if (Array.isArray(value)) return value.every(isPlainData);
  return isPlainObject(value) && Object.values(value).every(isPlainData);
}

const isCall = (value) => isPlainObject(value) && typeof value.operationId === 'string';
const isCallTable = (value) =>
  isPlainObject(value) && Object.keys(value).length > 0 && Object.values(value).every(isCall);

/** What the browser does not need of a call: its schemas and its documentation. */
const leftOut = new Set(['input', 'output', 'summary', 'description', 'produces']);
const wireOf = (call) => Object.fromEntries(Object.entries(call).filter(([key]) => !leftOut.has(key)));

/** @returns {import('vite').Plugin} */
export function browserCalls() {
  /** @type {ReturnType<typeof register> | undefined} */
  let loader;
  return {
    name: 'survey-hall:browser-calls',
    enforce: 'pre',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    buildStart() {
      loader = register({
        namespace: `browser-calls-${process.pid}-${Date.now()}`,
        tsconfig: path.join(root, 'tsconfig.json'),
      });
    },
    async buildEnd() {
      await loader?.unregister();
      loader = undefined;
    },
    async load(id) {
      const file = id.split('?')[0] ?? id;
      if (!loader || path.dirname(file) !== callsDir || !/(?<!\.test)\.ts$/.test(file)) return null;
      const exported = Object.entries(await loader.import(pathToFileURL(file).href, import.meta.url));
      if (!exported.some(([, value]) => isCallTable(value))) return null;
      return exported
        .map(([name, value]) => {
          if (isCallTable(value))
            return `export const ${name} = ${JSON.stringify(Object.fromEntries(Object.entries(value).map(([key, call]) => [key, wireOf(call)])))};`;
          return isPlainData(value) ? `export const ${name} = ${JSON.stringify(value)};` : '';
        })
        .filter(Boolean)
        .join('\n');
    },
  };
}
