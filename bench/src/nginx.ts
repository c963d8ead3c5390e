// nginx in front of the servers under test, configured by the deployment's own site file
// (docs/deploy/nginx.conf) with the upstream's lines and the listen port replaced, and every
// file it writes under one folder, so it runs without root.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HOST } from './processes.js';

export const NGINX_BINARY = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';

/** The site file with these upstream ports and nginx listening on `port`. */
export function siteFor(siteFile: string, port: number, upstreams: readonly number[]): string {
  const site = readFileSync(siteFile, 'utf8');
  const replaced = site
    .replace(
      /^(\s*)server 127\.0\.0\.1:3001 .*\n(\s*server 127\.0\.0\.1:\d+ .*\n)*/m,
      (_m, indent) =>
        upstreams
          .map((p) => `${indent}server ${HOST}:${p} max_fails=1 fail_timeout=5s;\n`)
          .join(''),
    )
    .replace(/^\s*listen \[::\]:80;\n/m, '')
    .replace(/^(\s*)listen 80;/m, `$1listen ${HOST}:${port};`);
  if (!replaced.includes(`:${port};`) || !replaced.includes(`${HOST}:${upstreams[0]} `)) {
    throw new Error(`${siteFile} no longer has the upstream or listen lines expected`);
  }
  return replaced;
}

export interface Nginx {
  stop(): Promise<void>;
}

/**
 * Starts nginx (one worker) with the site; resolves once it has written its pid file. Its
 * connections are those docs/deploy/README.md asks of a shop before a launch: with Debian's 768
 * (or 1,024), the launch's 2,000 fans waiting at once left hundreds with no answer.
 */
export async function startNginx(dir: string, site: string): Promise<Nginx> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const root = process.getuid?.() === 0;
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
${root ? `user ${os.userInfo().username};` : ''}
worker_rlimit_nofile 16384;
events { worker_connections 8192; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${site}
}
`,
  );
  const child: ChildProcess = spawn(
    NGINX_BINARY,
    ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A missing binary is an 'error' event, not an exit: unheard, it would end the bench.
  let spawnError: Error | undefined;
  child.once('error', (err) => {
    spawnError = err;
  });
  const deadline = Date.now() + 10_000;
  while (!existsSync(path.join(dir, 'nginx.pid'))) {
    if (spawnError) {
      throw new Error(`nginx could not be run (${spawnError.message}): apt-get install nginx`);
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      const log = existsSync(path.join(dir, 'error.log'))
        ? readFileSync(path.join(dir, 'error.log'), 'utf8')
        : '';
      throw new Error(`nginx did not start: ${log.slice(-400)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    async stop() {
      child.kill('SIGQUIT');
      await exited;
    },
  };
}
