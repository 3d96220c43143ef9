/**
 * Runs the shipped site deploy/nginx/panel.conf under the machine's nginx, as it is apart from the values its
 * header marks (node addresses, certificate paths, listen ports, server_name): each must be found in the file
 * exactly as the header says, so the file and this test cannot drift apart. nginx gets its own prefix, pid,
 * logs and temp folders in a temp dir, a minimal main config around the site (Debian's nginx.conf includes
 * sites in `http {}` likewise), and is stopped by its PID.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, waitFor } from './util.js';

export const SITE_FILE = path.join(repoRoot, 'deploy/nginx/panel.conf');
export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export interface SiteValues {
  nodePorts: [number, number];
  httpsPort: number;
  httpPort: number;
  certFile: string;
  keyFile: string;
}

/** `text` with every `from` replaced, failing when `from` does not occur exactly `times` times */
function replaceExactly(text: string, from: string, to: string, times: number): string {
  const found = text.split(from).length - 1;
  if (found !== times) throw new Error(`deploy/nginx/panel.conf: "${from}" found ${found}×, expected ${times}×`);
  return text.split(from).join(to);
}

/** The shipped site with the test's values: the only differences from the file an operator installs. */
export function renderSite(v: SiteValues): string {
  let site = readFileSync(SITE_FILE, 'utf8');
  // each node appears in both upstreams (round robin for the API, sticky for socket.io) and in the header
  site = replaceExactly(site, 'server 127.0.0.1:8081 ', `server 127.0.0.1:${v.nodePorts[0]} `, 2);
  site = replaceExactly(site, 'server 127.0.0.1:8082 ', `server 127.0.0.1:${v.nodePorts[1]} `, 2);
  site = replaceExactly(site, 'ssl_certificate     /etc/panel/tls/panel.crt;', `ssl_certificate     ${v.certFile};`, 1);
  site = replaceExactly(site, 'ssl_certificate_key /etc/panel/tls/panel.key;', `ssl_certificate_key ${v.keyFile};`, 1);
  site = replaceExactly(site, 'listen 443 ssl http2;', `listen 127.0.0.1:${v.httpsPort} ssl http2;`, 1);
  site = replaceExactly(site, 'listen 80;', `listen 127.0.0.1:${v.httpPort};`, 1);
  site = replaceExactly(site, 'server_name panel.example.cz;', 'server_name 127.0.0.1 localhost;', 2);
  return site;
}

export interface Nginx {
  child: ChildProcess;
  /** what `nginx -t` said about the configuration */
  testOutput: string;
  errorLog(): string;
  /** calls nginx passed on to another node so far (access log lines with two upstream answers) */
  passedOn(): number;
  /** the operator's reload: `nginx -t`, then `nginx -s reload` (new workers; old ones finish their connections) */
  reload(): void;
  /** SIGQUIT (graceful), SIGKILL after 5 s */
  stop(): Promise<void>;
}

export async function startNginx(dir: string, values: SiteValues): Promise<Nginx> {
  mkdirSync(path.join(dir, 'temp'), { recursive: true });
  // worker processes run as nobody when nginx starts as root: they write request bodies to the temp folder
  chmodSync(dir, 0o755);
  chmodSync(path.join(dir, 'temp'), 0o777);
  writeFileSync(path.join(dir, 'panel.conf'), renderSite(values));
  const main = path.join(dir, 'nginx.conf');
  writeFileSync(
    main,
    [
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 1024; }',
      'http {',
      // the test's own log line: which nodes a call went to ("a, b" when nginx passed it on) and their answers
      `  log_format cluster '$request_method $uri $status "$upstream_addr" "$upstream_status"';`,
      `  access_log ${dir}/access.log cluster;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${dir}/temp/${t};`),
      `  include ${dir}/panel.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  const args = ['-p', dir, '-c', main];
  // the operator's check before every reload
  const checked = spawnSync(NGINX, [...args, '-t'], { encoding: 'utf8' });
  const testOutput = `${checked.stdout}${checked.stderr}`;
  if (checked.status !== 0) throw new Error(`nginx -t failed:\n${testOutput}`);
  const child = spawn(NGINX, [...args, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
      return (await fetch(`http://127.0.0.1:${values.httpPort}/`, { redirect: 'manual' })).status === 301;
    },
    10_000,
    'nginx listening',
  );
  return {
    child,
    testOutput,
    reload() {
      for (const extra of [['-t'], ['-s', 'reload']]) {
        const r = spawnSync(NGINX, [...args, ...extra], { encoding: 'utf8' });
        if (r.status !== 0) throw new Error(`nginx ${extra.join(' ')} failed:\n${r.stdout}${r.stderr}`);
      }
    },
    passedOn: () => {
      try {
        return readFileSync(path.join(dir, 'access.log'), 'utf8')
          .split('\n')
          .filter((l) => /"[^"]*,[^"]*"$/.test(l)).length;
      } catch {
        return 0;
      }
    },
    errorLog: () => {
      try {
        return readFileSync(path.join(dir, 'error.log'), 'utf8');
      } catch {
        return '';
      }
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
