/**
 * Test helpers for integration tests with real server processes (serverProcess.ts): start a node with an
 * environment, stop it (SIGTERM, then SIGKILL), call its HTTP API, log in, open a socket.
 */
import { io as connect, type Socket } from 'socket.io-client';
import { startServer, type ServerProcess } from './serverProcess.js';

/** a server process (serverProcess.ts: `node --import tsx apps/server/src/server.ts`) */
export type ServerNode = ServerProcess;

/** Resolves once the node prints where it runs; rejects when it exits first or does not start in 60 s. */
export const startNode = (env: Record<string, string>): Promise<ServerNode> => startServer(env, 60_000);

/** SIGTERM (the server drains), SIGKILL when it is still there after 10 s. */
export async function stopNode(node: ServerNode | undefined): Promise<void> {
  if (!node || node.exitCode() !== null || node.child.signalCode !== null) return;
  node.child.kill('SIGTERM');
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 10_000));
  if ((await Promise.race([node.exited, timeout])) === 'timeout') await node.stop();
}

export async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'app-code': 'panel', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

export function connectSocket(url: string, auth: Record<string, unknown>): Promise<Socket> {
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

/**
 * Resolves with the next `event` payload on the socket (the next one `accept` takes, when given), or rejects
 * after `ms`.
 */
export function nextEvent<T>(socket: Socket, event: string, ms: number, accept?: (payload: T) => boolean): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    const listener = (payload: T) => {
      if (accept && !accept(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}
