// `npm start`: builds the web app and the back office when their sources are newer than their
// last build, then runs the server (which migrates and seeds the database on first run, and
// prints the first owner's setup link while no staff exists) in this same process.
// package.json starts it as `exec node --import tsx …`: the shell npm runs the script with
// becomes this process, and no tsx wrapper process stands between, so the SIGTERM or SIGINT
// npm forwards reaches the server itself, which finishes its requests and exits.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const contractSources = path.join(root, 'packages/contract/src');

interface Build {
  name: string;
  workspace: string;
  /** What one `npm run build` of the workspace writes. */
  built: string[];
  /** What the build reads. */
  sources: string[];
}

const builds: Build[] = [
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

/** Newest modification time of the files under the given paths. */
function newest(paths: string[]): number {
  let latest = 0;
  const visit = (p: string) => {
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

function isStale(build: Build): boolean {
  const dir = path.join(root, build.workspace);
  if (!existsSync(path.join(dir, 'package.json'))) return false;
  const built = build.built.map((file) => path.join(dir, file));
  if (!built.every((file) => existsSync(file))) return true;
  const sources = newest([...build.sources.map((p) => path.join(dir, p)), contractSources]);
  return built.some((file) => sources > statSync(file).mtimeMs);
}

for (const build of builds) {
  if (!isStale(build)) continue;
  console.log(`Building ${build.name}…`);
  const run = spawnSync('npm', ['run', 'build', '-w', build.workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

await import('../apps/server/src/main.js');
