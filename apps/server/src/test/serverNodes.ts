/**
 * Test helpers for integration tests with real server processes (`npx tsx apps/server/src/server.ts`): start a
 * node with an environment, stop it by its process group, call its HTTP API, log in, open a socket.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { io as connect, type Socket } from 'socket.io-client';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface ServerNode {
  child: ChildProcess;
  url: string;
  /** stdout and stderr so far */
  output: string[];
}

/** Resolves once the node prints where it runs; rejects when it exits first or does not start in 60 s. */
export function startNode(env: Record<string, string>): Promise<ServerNode> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['tsx', 'apps/server/src/server.ts'], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      detached: true, // own process group: stopNode ends npx, tsx and node together
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output.join('')}`)), 60_000);
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      output.push(text);
      const match = /Panel běží na (http:\/\/\S+)/.exec(output.join(''));
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1], output });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (c: Buffer) => output.push(c.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output.join('')}`));
    });
  });
}

export async function stopNode(node: ServerNode | undefined): Promise<void> {
  if (!node?.child.pid || node.child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => node.child.once('exit', () => resolve()));
  try {
    process.kill(-node.child.pid, 'SIGTERM');
  } catch {
    return;
  }
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 10_000));
  if ((await Promise.race([exited, timeout])) === 'timeout') {
    try {
      process.kill(-node.child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

export async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'app-code': 'panel', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

export function connectSocket(url: string, auth: Record<string, string>): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(url, { path: '/socket.io', auth, transports: ['websocket'], reconnection: false });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (e) => reject(e));
  });
}

export interface NodeSession {
  headers: Record<string, string>;
  auth: { token: string; instance: string; appCode: string };
}

/** Logs in on a node and confirms the offered device; throws unless both answer 200. */
export async function loginOn(node: ServerNode, username: string): Promise<NodeSession> {
  const login = await post(`${node.url}/v2/auth/login`, { username, password: 'panel-demo' });
  if (login.status !== 200) throw new Error(`login ${username}: ${login.status} ${JSON.stringify(login.body)}`);
  const device = login.body.device as { id: number };
  const headers = {
    authorization: `Bearer ${login.body.message as string}`,
    'app-instance': login.body.instance as string,
  };
  const confirmed = await post(`${node.url}/v2/auth/device`, { deviceId: device.id }, headers);
  if (confirmed.status !== 200) throw new Error(`device ${username}: ${confirmed.status}`);
  return {
    headers,
    auth: { token: login.body.message as string, instance: login.body.instance as string, appCode: 'panel' },
  };
}

/** Resolves with the next `event` payload on the socket, or rejects after `ms`. */
export function nextEvent<T>(socket: Socket, event: string, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    const listener = (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    };
    socket.once(event, listener);
  });
}
