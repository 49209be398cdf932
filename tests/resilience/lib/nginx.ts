// Debian's nginx in front of the shop's instances, configured with the `location /` of the
// production example (deploy/nginx/shop.conf) and its upstream settings, so the test runs what
// operators are told to run. Only what a loopback test cannot have changes: nginx listens on
// 127.0.0.1 on a free port without TLS (so the scheme it passes on is `$scheme`, http), keeps its
// files in a temporary directory, and stays in the foreground as this process's child.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, REPO_ROOT } from './server-process.ts';

export const NGINX_BIN = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
export const DEPLOY_CONF = path.join(REPO_ROOT, 'deploy', 'nginx', 'shop.conf');

export interface Nginx {
  url: string;
  /** One entry per request: what the client asked, what it got, and which instances nginx tried. */
  accessLog(): Promise<AccessEntry[]>;
  errorLog(): Promise<string>;
  stop(): Promise<void>;
}

export interface AccessEntry {
  method: string;
  path: string;
  status: number;
  /** The instances' ports nginx passed the request to, in order (two when it retried). */
  upstreams: number[];
  upstreamStatuses: string[];
}

/** The production example's `location / { ... }` block and the options of its upstream servers. */
export function deployedProxySettings(conf = readFileSync(DEPLOY_CONF, 'utf8')) {
  const location = /^ {2}location \/ \{\n[\s\S]*?\n {2}\}$/m.exec(conf)?.[0];
  const server = /^\s*server 127\.0\.0\.1:\d+ ([^;]*);/m.exec(conf)?.[1];
  const keepalive = /^\s*keepalive (\d+);/m.exec(conf)?.[1];
  const bodySize = /^\s*client_max_body_size ([^;]+);/m.exec(conf)?.[1];
  if (!location || server === undefined || !keepalive || !bodySize) {
    throw new Error(`${DEPLOY_CONF}: no location /, upstream server line, keepalive or client_max_body_size`);
  }
  return { location, serverOptions: server, keepalive, bodySize };
}

export async function startNginx(backendPorts: readonly number[]): Promise<Nginx> {
  if (!existsSync(NGINX_BIN)) {
    throw new Error(
      `${NGINX_BIN} not found: install Debian's nginx (apt-get install nginx) or set NGINX_PATH`,
    );
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'shop-nginx-'));
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) await mkdir(path.join(dir, sub));
  const port = await freePort();
  const deployed = deployedProxySettings();
  const location = deployed.location.replace(
    'proxy_set_header X-Forwarded-Proto https;',
    'proxy_set_header X-Forwarded-Proto $scheme;',
  );
  const file = (name: string) => path.join(dir, name);
  const conf = `
daemon off;
master_process on;
worker_processes 1;
${process.getuid?.() === 0 ? 'user root;' : ''}
pid ${file('nginx.pid')};
error_log ${file('error.log')} warn;
events { worker_connections 512; }
http {
  log_format shop '$request_method $uri $status [$upstream_addr] [$upstream_status]';
  access_log ${file('access.log')} shop;
  client_body_temp_path ${file('body')};
  proxy_temp_path ${file('proxy')};
  fastcgi_temp_path ${file('fastcgi')};
  uwsgi_temp_path ${file('uwsgi')};
  scgi_temp_path ${file('scgi')};
  upstream shop {
${backendPorts.map((p) => `    server 127.0.0.1:${p} ${deployed.serverOptions};`).join('\n')}
    keepalive ${deployed.keepalive};
  }
  server {
    listen 127.0.0.1:${port};
    server_name localhost;
    client_max_body_size ${deployed.bodySize};
${location}
  }
}
`;
  await writeFile(file('nginx.conf'), conf);
  const child: ChildProcess = spawn(
    NGINX_BIN,
    ['-p', dir, '-c', file('nginx.conf'), '-e', file('error.log')],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      const log = await readFile(file('error.log'), 'utf8').catch(() => '');
      throw new Error(`nginx exited (${child.exitCode}): ${output}\n${log}`);
    }
    const up = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1000) }).then(
      async (r) => {
        await r.body?.cancel();
        return true;
      },
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not answer on ${url}: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    async accessLog() {
      const text = await readFile(file('access.log'), 'utf8').catch(() => '');
      return text
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const m = /^(\S+) (\S+) (\d+) \[([^\]]*)\] \[([^\]]*)\]$/.exec(line);
          if (!m) throw new Error(`nginx access log: unexpected line ${line}`);
          return {
            method: m[1]!,
            path: m[2]!,
            status: Number(m[3]),
            upstreams: [...m[4]!.matchAll(/:(\d+)/g)].map((p) => Number(p[1])),
            upstreamStatuses: m[5]!.split(/[ ,:]+/).filter((s) => s && s !== '-'),
          };
        });
    },
    errorLog: () => readFile(file('error.log'), 'utf8').catch(() => ''),
    async stop() {
      process.off('exit', killOnExit);
      if (child.exitCode === null) {
        child.kill('SIGQUIT'); // graceful shutdown
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
