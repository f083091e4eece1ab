import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const root = import.meta.dirname;
const aliases = { '@shared/': 'shared/', '@server/': 'server/', '@console/': 'console/', '@hall/': 'hall/' };

/** Where an import lands, relative to the repository root, or undefined for a package. */
function resolveImport(file, specifier) {
  for (const [alias, target] of Object.entries(aliases)) {
    if (specifier.startsWith(alias)) return target + specifier.slice(alias.length);
  }
  if (specifier.startsWith('.')) return path.relative(root, path.resolve(path.dirname(file), specifier));
  return undefined;
}

/**
 * Import boundaries (STYLE.md, decision 0009): dependencies point one way, shared → server | features
 * → app. shared imports nothing of ours outside shared; server does not import the browser apps; the
 * console imports nothing from server/ or hall/ (it knows the API through shared/calls); the hall
 * imports only types from server/ and nothing from console/ but the page that mounts the console app;
 * console features import neither each other nor the console shell (console/app).
 *
 * Server modules stand side by side: server/lib, server/db and server/storage are below them and
 * import none; a module is used from outside only through its entry file (server/modules/<name>/
 * index.ts); the review engine imports no domain module, only the services it builds on (domains
 * hand it their hooks through the composition root). Tests may reach into a module's files.
 */
const consoleMountPage = path.join('hall', 'pages', '[...path].astro');
const reviewMayUse = new Set(['review', 'identity', 'messages', 'deadlines', 'jobs']);
const serverModuleOf = (file) => /^server\/modules\/([^/]+)/.exec(file)?.[1];
const isTestFile = (file) =>
  /\.test\.tsx?$/.test(file) || /(^|\/)test-support\.ts$/.test(file) || /^(server\/test|e2e)\//.test(file);

function importProblem(file, target, typeOnly) {
  const area = file.split(path.sep)[0];
  const targetArea = target.split('/')[0];
  const feature = file.match(/^console\/features\/([^/]+)\//)?.[1];
  const targetFeature = target.match(/^console\/features\/([^/]+)/)?.[1];
  if (area === 'shared' && targetArea !== 'shared') return 'shared/ imports only shared/';
  if (area === 'server' && (targetArea === 'console' || targetArea === 'hall'))
    return 'server/ does not import the browser apps';
  if (area === 'console' && (targetArea === 'server' || targetArea === 'hall'))
    return 'console/ knows the API only through shared/calls: no imports from server/ or hall/';
  if (area === 'hall' && targetArea === 'server' && !typeOnly)
    return 'hall/ may import only types from server/ (its pages render with the server services)';
  if (area === 'hall' && targetArea === 'console' && file !== consoleMountPage)
    return `hall/ imports nothing from console/ except ${consoleMountPage}, which mounts the console app`;
  if (feature && targetFeature && feature !== targetFeature)
    return `feature "${feature}" must not import feature "${targetFeature}" (move shared code to console/components or shared/)`;
  if (feature && target.startsWith('console/app/'))
    return 'console features do not import the console shell (console/app): shell data comes through a hook in console/lib';
  const [module, targetModule] = [serverModuleOf(file), serverModuleOf(target)];
  if (/^server\/(lib|db|storage)\//.test(file) && targetModule && !isTestFile(file))
    return 'server/lib, server/db and server/storage are below the modules: they import none';
  if (targetModule && targetModule !== module && !isTestFile(file)) {
    if (!new RegExp(`^server/modules/${targetModule}(/index(\\.ts)?)?$`).test(target))
      return `use module "${targetModule}" through its entry file: import from '@server/modules/${targetModule}'`;
    if (module === 'review' && !reviewMayUse.has(targetModule))
      return `the review engine imports no domain module ("${targetModule}"): the domain hands it a hook (server/review-hooks.ts)`;
  }
  return undefined;
}

const boundaries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = path.relative(root, context.filename);
    function check(node, specifier, typeOnly) {
      const target = resolveImport(context.filename, specifier);
      if (!target) return;
      const problem = importProblem(file, target, typeOnly);
      if (problem) context.report({ node, message: `Import boundary: ${problem}` });
    }
    return {
      ImportDeclaration(node) {
        check(node, node.source.value, node.importKind === 'type');
      },
      ExportNamedDeclaration(node) {
        if (node.source) check(node, node.source.value, node.exportKind === 'type');
      },
      ExportAllDeclaration(node) {
        check(node, node.source.value, node.exportKind === 'type');
      },
      ImportExpression(node) {
        if (node.source.type === 'Literal' && typeof node.source.value === 'string')
          check(node, node.source.value, false);
      },
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-server/**',
      'data/**',
      'node_modules/**',
      '.astro/**',
      'test-results/**',
      'playwright-report/**',
      'backups/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Plain JavaScript runs on Node (config files, scripts/).
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { local: { rules: { boundaries } }, 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      'local/boundaries': 'error',
      'import-x/no-cycle': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The browser's calls are their wires (scripts/browser-calls.mjs): no schemas to read there. A
    // form imports its schema from shared/validation.
    files: ['console/**/*.{ts,tsx}', 'hall/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "MemberExpression[property.name=/^(input|output)$/][object.type='MemberExpression'][object.object.name=/Calls$/]",
          message:
            'In the browser a call has no schemas (scripts/browser-calls.mjs): import the schema from shared/validation.',
        },
        {
          selector: "MemberExpression[property.name=/^(input|output)$/][object.name='call']",
          message:
            'In the browser a call has no schemas (scripts/browser-calls.mjs): import the schema from shared/validation.',
        },
      ],
    },
  },
  {
    // Server test files share their worker's modules (vitest.config.ts, isolate: false): a module
    // mocked by one file would be what the next file imports. A test seam is an option instead.
    files: ['server/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|stubGlobal)$/]",
          message:
            'Server test files share their modules (isolate: false): pass a stand-in as an option instead of vi.mock or vi.stubGlobal.',
        },
      ],
    },
  },
);
