/**
 * `npm run check:structure`: how the code is held together (issue 20, decision 0009). Prints
 * module-to-module imports, pairs of server modules importing each other, imports from the layers
 * below the modules (server/lib, server/db, server/storage) into a module, console features importing
 * the console shell, import cycles, `as never` casts in console features, the largest source files and
 * the longest functions. Exits 1 when any of the counts that must be zero is not.
 *
 * The import graph is read with the TypeScript parser (every import, export-from and `import()`),
 * resolved through the tsconfig aliases. A cycle counts only runtime imports (an `import type` is
 * erased), as eslint-plugin-import-x's no-cycle does; module pairs count every import, types too.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const aliases: Record<string, string> = {
  '@shared/': 'shared/',
  '@server/': 'server/',
  '@console/': 'console/',
  '@hall/': 'hall/',
};
const sourceDirs = ['shared', 'server', 'console', 'hall', 'scripts', 'e2e'];
const extensions = ['.ts', '.tsx', '.mts'];

export interface ImportEdge {
  from: string;
  to: string;
  typeOnly: boolean;
}

function listSources(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      listSources(rel, out);
    } else if (extensions.some((ext) => entry.name.endsWith(ext)) && !entry.name.endsWith('.d.ts')) {
      out.push(rel);
    }
  }
  return out;
}

function resolveFile(candidate: string): string | undefined {
  const tries = [
    candidate,
    ...extensions.map((ext) => candidate + ext),
    ...extensions.map((ext) => `${candidate}/index${ext}`),
  ];
  // `./x.js` written for a .ts file.
  if (/\.(m?js)$/.test(candidate)) tries.push(candidate.replace(/\.m?js$/, '.ts'));
  return tries.find(
    (file) => fs.existsSync(path.join(root, file)) && fs.statSync(path.join(root, file)).isFile(),
  );
}

/** The repository path an import lands on, or undefined for a package (or a non-source file). */
export function resolveImport(fromFile: string, specifier: string): string | undefined {
  let candidate: string | undefined;
  for (const [alias, target] of Object.entries(aliases)) {
    if (specifier.startsWith(alias)) candidate = target + specifier.slice(alias.length);
  }
  if (!candidate && specifier.startsWith('.'))
    candidate = path.posix.join(path.posix.dirname(fromFile), specifier);
  if (!candidate) return undefined;
  return resolveFile(candidate);
}

interface FileFacts {
  imports: { specifier: string; typeOnly: boolean }[];
  asNever: number;
  lines: number;
  functions: { name: string; lines: number; line: number }[];
}

function readFacts(file: string): FileFacts {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const facts: FileFacts = { imports: [], asNever: 0, lines: text.split('\n').length, functions: [] };
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line + 1;
  function visit(node: ts.Node): void {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            !!clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((element) => element.isTypeOnly)));
      facts.imports.push({ specifier: node.moduleSpecifier.text, typeOnly });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      facts.imports.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      facts.imports.push({ specifier: node.arguments[0].text, typeOnly: false });
    } else if (ts.isAsExpression(node) && node.type.kind === ts.SyntaxKind.NeverKeyword) {
      facts.asNever++;
    }
    if (
      (ts.isFunctionDeclaration(node) ||
        ts.isArrowFunction(node) ||
        ts.isFunctionExpression(node) ||
        ts.isMethodDeclaration(node)) &&
      node.body
    ) {
      const lines = lineOf(node.end) - lineOf(node.getStart(source)) + 1;
      let name = node.name && ts.isIdentifier(node.name) ? node.name.text : undefined;
      if (!name && ts.isVariableDeclaration(node.parent) && ts.isIdentifier(node.parent.name))
        name = node.parent.name.text;
      if (!name && ts.isPropertyAssignment(node.parent) && ts.isIdentifier(node.parent.name))
        name = node.parent.name.text;
      facts.functions.push({ name: name ?? '(anonymous)', lines, line: lineOf(node.getStart(source)) });
    }
    ts.forEachChild(node, visit);
  }
  visit(source);
  return facts;
}

/** The server module a file belongs to (server/modules/<name>/…), or undefined. */
export function moduleOf(file: string): string | undefined {
  return /^server\/modules\/([^/]+)\//.exec(file)?.[1];
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.startsWith('e2e/');

/** Strongly connected components of more than one file (Tarjan), over runtime imports. */
function findCycles(files: readonly string[], edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const edge of edges) {
    if (edge.typeOnly) continue;
    (next.get(edge.from) ?? next.set(edge.from, []).get(edge.from)!).push(edge.to);
  }
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  function connect(file: string): void {
    indices.set(file, index);
    low.set(file, index);
    index++;
    stack.push(file);
    onStack.add(file);
    for (const target of next.get(file) ?? []) {
      if (!indices.has(target)) {
        connect(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, indices.get(target)!));
      }
    }
    if (low.get(file) === indices.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1) components.push(component.sort());
    }
  }
  for (const file of files) if (!indices.has(file)) connect(file);
  return components;
}

export interface StructureReport {
  moduleImports: number;
  moduleEdges: Map<string, number>;
  mutualPairs: string[];
  moduleCycles: string[][];
  lowerIntoModules: string[];
  featuresIntoApp: string[];
  cycles: string[][];
  asNeverInFeatures: number;
  largestFiles: { file: string; lines: number }[];
  longestFunctions: { where: string; lines: number }[];
}

export function measureStructure(): StructureReport {
  const files = sourceDirs
    .filter((dir) => fs.existsSync(path.join(root, dir)))
    .flatMap((dir) => listSources(dir));
  const facts = new Map(files.map((file) => [file, readFacts(file)]));
  const edges: ImportEdge[] = [];
  for (const [file, fileFacts] of facts) {
    for (const { specifier, typeOnly } of fileFacts.imports) {
      const to = resolveImport(file, specifier);
      if (to) edges.push({ from: file, to, typeOnly });
    }
  }

  const moduleEdges = new Map<string, number>();
  const lowerIntoModules: string[] = [];
  const featuresIntoApp: string[] = [];
  for (const edge of edges) {
    const [fromModule, toModule] = [moduleOf(edge.from), moduleOf(edge.to)];
    if (!isTest(edge.from) && fromModule && toModule && fromModule !== toModule) {
      const key = `${fromModule} → ${toModule}`;
      moduleEdges.set(key, (moduleEdges.get(key) ?? 0) + 1);
    }
    if (/^server\/(lib|db|storage)\//.test(edge.from) && !isTest(edge.from) && toModule)
      lowerIntoModules.push(`${edge.from} → ${edge.to}`);
    if (edge.from.startsWith('console/features/') && edge.to.startsWith('console/app/'))
      featuresIntoApp.push(`${edge.from} → ${edge.to}`);
  }
  // Cycles among modules (A → B → C → A) through any of their files, types too.
  const moduleNames = [...new Set([...moduleEdges.keys()].flatMap((key) => key.split(' → ')))];
  const moduleCycles = findCycles(
    moduleNames,
    [...moduleEdges.keys()].map((key) => {
      const [from, to] = key.split(' → ') as [string, string];
      return { from, to, typeOnly: false };
    }),
  );
  const mutualPairs = [...moduleEdges.keys()]
    .map((key) => key.split(' → ') as [string, string])
    .filter(([a, b]) => a < b && moduleEdges.has(`${b} → ${a}`))
    .map(([a, b]) => `${a} ⇄ ${b}`);

  const productFiles = files.filter((file) => !isTest(file));
  const sourceFacts = productFiles.filter((file) => /^(server|shared|console|hall)\//.test(file));
  return {
    moduleImports: [...moduleEdges.values()].reduce((sum, n) => sum + n, 0),
    moduleEdges,
    mutualPairs,
    moduleCycles,
    lowerIntoModules,
    featuresIntoApp,
    cycles: findCycles(files, edges),
    asNeverInFeatures: files
      .filter((file) => file.startsWith('console/features/') && !isTest(file))
      .reduce((sum, file) => sum + facts.get(file)!.asNever, 0),
    largestFiles: sourceFacts
      .map((file) => ({ file, lines: facts.get(file)!.lines }))
      .sort((a, b) => b.lines - a.lines),
    longestFunctions: sourceFacts
      .filter((file) => moduleOf(file))
      .flatMap((file) =>
        facts
          .get(file)!
          .functions // The callback of `implement(calls, (ctx) => ({ … }))` is a module's list of handlers, not one function.
          .filter((fn) => !(fn.name === '(anonymous)' && /routes\.ts$/.test(file)))
          .map((fn) => ({ where: `${file}:${fn.line} ${fn.name}`, lines: fn.lines })),
      )
      .sort((a, b) => b.lines - a.lines),
  };
}

/** Above these a server module's file or function is split by what it does (STYLE.md, "one verb, one file"). */
export const MODULE_FILE_MAX_LINES = 550;
export const MODULE_FUNCTION_MAX_LINES = 90;

function main(): void {
  const report = measureStructure();
  const bigModuleFiles = report.largestFiles.filter(
    ({ file, lines }) => moduleOf(file) && !isTest(file) && lines > MODULE_FILE_MAX_LINES,
  );
  const longFunctions = report.longestFunctions.filter(({ lines }) => lines > MODULE_FUNCTION_MAX_LINES);
  const goals: [string, number, string[]][] = [
    ['server modules importing each other (pairs)', report.mutualPairs.length, report.mutualPairs],
    [
      'cycles among server modules',
      report.moduleCycles.length,
      report.moduleCycles.map((cycle) => cycle.join(' → ')),
    ],
    [
      'imports from server/lib, server/db, server/storage into a module',
      report.lowerIntoModules.length,
      report.lowerIntoModules,
    ],
    ['imports from console/features into console/app', report.featuresIntoApp.length, report.featuresIntoApp],
    ['import cycles', report.cycles.length, report.cycles.map((cycle) => cycle.join(' → '))],
    ["'as never' in console/features", report.asNeverInFeatures, []],
    [
      `server/modules files over ${MODULE_FILE_MAX_LINES} lines`,
      bigModuleFiles.length,
      bigModuleFiles.map(({ file, lines }) => `${lines}  ${file}`),
    ],
    [
      `server/modules functions over ${MODULE_FUNCTION_MAX_LINES} lines`,
      longFunctions.length,
      longFunctions.map(({ where, lines }) => `${lines}  ${where}`),
    ],
  ];
  const moduleCount = new Set([...report.moduleEdges.keys()].flatMap((key) => key.split(' → '))).size;
  console.log(
    `module-to-module imports: ${report.moduleEdges.size} directed pairs among ${moduleCount} modules (${report.moduleImports} import statements)`,
  );
  for (const [label, count, details] of goals) {
    console.log(`${label}: ${count}${count === 0 ? '' : '  (goal 0)'}`);
    for (const detail of details.slice(0, 30)) console.log(`    ${detail}`);
    if (details.length > 30) console.log(`    … ${details.length - 30} more`);
  }
  console.log('largest source files:');
  for (const { file, lines } of report.largestFiles.slice(0, 8))
    console.log(`  ${String(lines).padStart(5)}  ${file}`);
  console.log('longest functions in server/modules:');
  for (const { where, lines } of report.longestFunctions.slice(0, 8))
    console.log(`  ${String(lines).padStart(5)}  ${where}`);
  const failed = goals.filter(([, count]) => count > 0);
  if (failed.length > 0) {
    console.error(`check:structure: ${failed.map(([label]) => label).join('; ')}: must be 0`);
    process.exitCode = 1;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
