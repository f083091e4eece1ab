import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

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
 * Import boundaries (STYLE.md): dependencies point one way, shared → server | features → app.
 * shared imports nothing of ours outside shared; server does not import the browser apps; the console
 * imports nothing from server/ or hall/ (it knows the API through shared/contracts); the hall imports
 * only types from server/ and nothing from console/ but the page that mounts the console app; console
 * features do not import each other.
 */
const consoleMountPage = path.join('hall', 'pages', '[...path].astro');
const boundaries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = path.relative(root, context.filename);
    const area = file.split(path.sep)[0];
    const feature = file.match(/^console\/features\/([^/]+)\//)?.[1];
    function check(node, specifier, typeOnly) {
      const target = resolveImport(context.filename, specifier);
      if (!target) return;
      const targetArea = target.split('/')[0];
      const targetFeature = target.match(/^console\/features\/([^/]+)/)?.[1];
      let problem;
      if (area === 'shared' && targetArea !== 'shared') problem = 'shared/ imports only shared/';
      else if (area === 'server' && (targetArea === 'console' || targetArea === 'hall'))
        problem = 'server/ does not import the browser apps';
      else if (area === 'console' && (targetArea === 'server' || targetArea === 'hall'))
        problem = 'console/ knows the API only through shared/contracts: no imports from server/ or hall/';
      else if (area === 'hall' && targetArea === 'server' && !typeOnly)
        problem = 'hall/ may import only types from server/ (its pages render with the server services)';
      else if (area === 'hall' && targetArea === 'console' && file !== consoleMountPage)
        problem = `hall/ imports nothing from console/ except ${consoleMountPage}, which mounts the console app`;
      else if (feature && targetFeature && feature !== targetFeature)
        problem = `feature "${feature}" must not import feature "${targetFeature}" (move shared code to console/components or shared/)`;
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
    plugins: { local: { rules: { boundaries } } },
    rules: {
      'local/boundaries': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
