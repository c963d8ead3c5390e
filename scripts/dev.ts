// `npm run dev`: the server in watch mode on :3000 and Vite's dev server (which proxies /api
// and /images to it), side by side; Ctrl-C stops both.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const children: ChildProcess[] = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], { cwd: root, stdio: 'inherit' }),
];
if (existsSync(path.join(root, 'apps/web/package.json'))) {
  children.push(spawn('npm', ['run', 'dev', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' }));
}

const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
