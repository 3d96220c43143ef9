/**
 * The fault proxy itself: forwards, cuts open connections, refuses new ones, and forwards again after restore.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultProxy, type FaultProxy } from './faultProxy.js';

function echoServer(): Promise<net.Server> {
  const server = net.createServer((s) => s.pipe(s));
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function roundTrip(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('data', (d) => {
      resolve(d.toString());
      socket.destroy();
    });
    socket.once('error', reject);
    socket.once('close', () => reject(new Error('closed')));
    socket.write(text);
  });
}

describe('fault proxy', () => {
  let echo: net.Server;
  let proxy: FaultProxy;
  beforeAll(async () => {
    echo = await echoServer();
    proxy = await startFaultProxy({ host: '127.0.0.1', port: (echo.address() as net.AddressInfo).port });
  });
  afterAll(async () => {
    await proxy.close();
    echo.close();
  });

  it('forwards, refuses while cut, forwards again after restore', async () => {
    expect(await roundTrip(proxy.port, 'ahoj')).toBe('ahoj');
    const open = net.connect(proxy.port, '127.0.0.1');
    await new Promise((r) => open.once('connect', r));
    const closed = new Promise((r) => open.once('close', r));
    await new Promise((r) => setTimeout(r, 20));
    proxy.cut();
    await closed; // the open connection is dropped
    await expect(roundTrip(proxy.port, 'x')).rejects.toThrow();
    proxy.restore();
    expect(await roundTrip(proxy.port, 'znovu')).toBe('znovu');
  });

  it('delays both directions', async () => {
    proxy.delay(150);
    const started = Date.now();
    expect(await roundTrip(proxy.port, 'pomalu')).toBe('pomalu');
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    proxy.restore();
  });

  it('delays only the answers, and keeps the order when the delay is lifted', async () => {
    proxy.delayAnswers(300);
    const socket = net.connect(proxy.port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    let received = '';
    socket.on('data', (d) => (received += d.toString()));
    const started = Date.now();
    socket.write('a');
    while (proxy.held() === 0) await new Promise((r) => setTimeout(r, 5)); // the answer 'a' is held
    proxy.delayAnswers(0); // 'b' is answered at once but must not overtake the held 'a'
    socket.write('b');
    while (received.length < 2) await new Promise((r) => setTimeout(r, 10));
    expect(received).toBe('ab');
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    socket.destroy();
    proxy.restore();
  });
});
