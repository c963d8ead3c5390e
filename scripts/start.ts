// `npm start`: builds the web app when its sources are newer than the last build, then runs
// the server (which migrates and seeds the database on first run) in this same process.
// package.json starts it as `exec node --import tsx …`: the shell npm runs the script with
// becomes this process, and no tsx wrapper process stands between, so the SIGTERM or SIGINT
// npm forwards reaches the server itself, which finishes its requests and exits.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps/web');
// The browser build and the server bundle that renders its pages (one `npm run build`).
const builtFiles = [
  path.join(webDir, 'dist/index.html'),
  path.join(webDir, 'dist-server/entry-server.js'),
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

function webBuildIsStale(): boolean {
  if (!existsSync(path.join(webDir, 'package.json'))) return false;
  if (!builtFiles.every((file) => existsSync(file))) return true;
  const sources = newest([
    path.join(webDir, 'src'),
    path.join(webDir, 'public'),
    path.join(webDir, 'index.html'),
    path.join(webDir, 'vite.config.ts'),
    path.join(webDir, 'build'),
    path.join(root, 'packages/contract/src'),
  ]);
  return builtFiles.some((file) => sources > statSync(file).mtimeMs);
}

if (webBuildIsStale()) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await import('../apps/server/src/main.js');
