// @ts-check
// `npm start`: builds what is older than its sources — the web app, the back office and the
// server (apps/server/dist, decision 073) — then runs the built server (which migrates and
// seeds the database on first run, and prints the first owner's setup link while no staff
// exists) in this same process. `node scripts/start.js <command> [args]` does the same for
// one of the commands owners run (staff, backup, restore, seed, affiliate-report): the server
// build only, then apps/server/dist/<command>-cli.js.
// Plain JavaScript, so that Node alone runs it: nothing compiles TypeScript in production.
// package.json starts it as `exec node …`: the shell npm runs the script with becomes this
// process, so the SIGTERM or SIGINT npm forwards reaches the server itself, which finishes
// its requests and exits.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const contractSources = path.join(root, 'packages/contract/src');
const COMMANDS = ['staff', 'backup', 'restore', 'seed', 'affiliate-report'];

/**
 * @typedef {object} Build
 * @property {string} name
 * @property {string} workspace
 * @property {string[]} built What one `npm run build` of the workspace writes.
 * @property {string[]} sources What the build reads.
 */

/** @type {Build} */
const server = {
  name: 'the server',
  workspace: 'apps/server',
  built: ['dist/main.js', ...COMMANDS.map((c) => `dist/${c}-cli.js`)],
  sources: ['src', 'build.ts', 'package.json'],
};
/** @type {Build[]} */
const apps = [
  {
    // The browser build and the server bundle that renders its pages.
    name: 'the web app',
    workspace: 'apps/web',
    built: ['dist/index.html', 'dist-server/entry-server.js'],
    sources: ['src', 'public', 'index.html', 'vite.config.ts', 'build'],
  },
  {
    name: 'the back office',
    workspace: 'apps/admin',
    built: ['dist/index.html'],
    sources: ['src', 'index.html', 'vite.config.ts'],
  },
];

/**
 * Newest modification time of the files under the given paths.
 * @param {string[]} paths
 */
function newest(paths) {
  let latest = 0;
  /** @param {string} p */
  const visit = (p) => {
    if (!existsSync(p)) return;
    const stat = statSync(p);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(p)) if (entry !== 'node_modules') visit(path.join(p, entry));
    } else {
      latest = Math.max(latest, stat.mtimeMs);
    }
  };
  paths.forEach(visit);
  return latest;
}

/** @param {Build} build */
function isStale(build) {
  const dir = path.join(root, build.workspace);
  if (!existsSync(path.join(dir, 'package.json'))) return false;
  const built = build.built.map((file) => path.join(dir, file));
  if (!built.every((file) => existsSync(file))) return true;
  const sources = newest([...build.sources.map((p) => path.join(dir, p)), contractSources]);
  return built.some((file) => sources > statSync(file).mtimeMs);
}

const command = process.argv[2];
if (command !== undefined && !COMMANDS.includes(command)) {
  console.error(`Unknown command ${command}: one of ${COMMANDS.join(', ')}`);
  process.exit(2);
}

for (const build of command ? [server] : [...apps, server]) {
  if (!isStale(build)) continue;
  console.log(`Building ${build.name}…`);
  const run = spawnSync('npm', ['run', 'build', '-w', build.workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (run.status !== 0) {
    // A production install without devDependencies has no build tools: build before pruning.
    console.error(`Building ${build.name} failed: run \`npm ci && npm run build\` first.`);
    process.exit(run.status ?? 1);
  }
}

// The command reads its own arguments (process.argv.slice(2)), as when run on its own.
if (command) process.argv.splice(2, 1);
const entry = path.join(root, 'apps/server/dist', command ? `${command}-cli.js` : 'main.js');
await import(pathToFileURL(entry).href);
