// `npm run build -w apps/server`: the server and the commands owners run, bundled by esbuild
// into dist/ as plain JavaScript for Node (decision 073). Our code — src/ and the contract
// package it imports — is bundled; every other package stays an import, found in node_modules
// at run time as before. The entries share chunks, all in dist/ itself, one folder below
// apps/server like src/ (src/server-dir.ts finds the shop's files from either).
import { readFileSync, rmSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

const serverDir = import.meta.dirname;
/**
 * dist/, or `--outdir <name>`: another folder directly in apps/server (the server suite's
 * build of its own, src/test/global-setup.ts), which src/server-dir.ts finds the same way.
 */
const outdirArg = process.argv.indexOf('--outdir');
const outdirName = outdirArg === -1 ? 'dist' : process.argv[outdirArg + 1];
if (!outdirName || outdirName.includes('/') || outdirName.startsWith('.') || outdirName === 'src') {
  console.error('--outdir takes a new folder name directly in apps/server, e.g. dist-test');
  process.exit(2);
}
const outdir = path.join(serverDir, outdirName);

/** What `npm start` and the production commands run: dist/<name>.js. */
const ENTRIES = {
  main: 'src/main.ts',
  'staff-cli': 'src/staff/staff-cli.ts',
  'backup-cli': 'src/ops/backup-cli.ts',
  'restore-cli': 'src/ops/restore-cli.ts',
  'seed-cli': 'src/seed/cli.ts',
  'affiliate-report-cli': 'src/referrals/report-cli.ts',
};

/**
 * With `--test-tools` (into an `--outdir` of its own, never dist/): instead, the journeys'
 * tools that open a stopped shop's database (e2e/shop-server.ts, testTool()), so each runs
 * as plain JavaScript rather than through tsx at every journey's end.
 */
const TEST_TOOLS = {
  'check-invariants-cli': 'src/test/check-invariants-cli.ts',
  'deliver-order-cli': 'src/test/deliver-order-cli.ts',
};
const testTools = process.argv.includes('--test-tools');
if (testTools && outdirName === 'dist') {
  console.error('--test-tools builds into an --outdir of its own, never dist/');
  process.exit(2);
}

/** Packages a built file may import: the server's and the contract's production dependencies. */
function productionPackages(): Set<string> {
  const dependenciesOf = (file: string) =>
    Object.keys(
      (JSON.parse(readFileSync(file, 'utf8')) as { dependencies?: Record<string, string> })
        .dependencies ?? {},
    );
  return new Set([
    ...dependenciesOf(path.join(serverDir, 'package.json')),
    ...dependenciesOf(path.join(serverDir, '../../packages/contract/package.json')),
  ]);
}

/** 'pdfkit/js/pdfkit' → 'pdfkit', '@fastify/static' → '@fastify/static'. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * Packages bundled like our own code (decision 097): drizzle-orm's package.json is 179 kB of
 * exports, and Node 24 reads it again for each of the hundreds of imports inside the package
 * (1.0 s to import drizzle-orm/pg-core on Node 24.22, 0.09 s on Node 20), at every start of
 * the server and of each command.
 */
const BUNDLED = new Set(['drizzle-orm']);

/**
 * Leaves packages out of the bundle, except our own workspaces (@kitroom/*) and BUNDLED, and
 * fails the build on an import of a package that is not a production dependency: after
 * `npm prune --omit=dev` it would be missing, and only a request would find out.
 */
function externalPackages(allowed: Set<string>): Plugin {
  return {
    name: 'external-packages',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (isBuiltin(args.path)) return { external: true };
        if (args.path.startsWith('@kitroom/')) return undefined;
        const name = packageOf(args.path);
        if (BUNDLED.has(name) && allowed.has(name)) return undefined;
        if (!allowed.has(name)) {
          return {
            errors: [
              {
                text: `${name} is not a dependency of apps/server or packages/contract (a devDependency is not installed in production)`,
              },
            ],
          };
        }
        return { external: true };
      });
    },
  };
}

rmSync(outdir, { recursive: true, force: true });
const started = performance.now();
await build({
  absWorkingDir: serverDir,
  entryPoints: testTools ? TEST_TOOLS : ENTRIES,
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  jsx: 'automatic',
  // Stack traces name the bundle's lines; `node --enable-source-maps` maps them to src/.
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [externalPackages(productionPackages())],
});
console.log(
  `Built the server into ${path.relative(process.cwd(), outdir) || 'dist'} in ${Math.round(performance.now() - started)} ms`,
);
