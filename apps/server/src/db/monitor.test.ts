import { describe, expect, it, vi } from 'vitest';
import { createDatabaseMonitor, type MonitorLog } from './monitor.js';

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
const quiet: MonitorLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
// short but not racy: every wait below polls with a deadline far above these
const timing = {
  probeTimeoutMs: 200,
  probeCacheMs: 1000,
  recoveryEveryMs: 20,
  startBackoffMinMs: 10,
  startBackoffMaxMs: 40,
};

describe('database monitor', () => {
  it('starts while the database is down: not serving, retries with a bounded backoff, serves once it comes', async () => {
    let up = false;
    const tries: number[] = [];
    const prepare = vi.fn(async () => {
      tries.push(Date.now());
      if (!up) throw refused();
    });
    const monitor = createDatabaseMonitor({ probe: async () => 1, prepare, log: quiet, timing });
    const started = monitor.start();
    await vi.waitFor(() => expect(prepare.mock.calls.length).toBeGreaterThanOrEqual(4), { timeout: 5000 });
    expect(monitor.serving()).toBe(false);
    expect(await monitor.readiness()).toEqual({ ready: false, database: 'starting', migrated: false, draining: false });
    up = true;
    await started;
    expect(monitor.serving()).toBe(true);
    expect(await monitor.readiness()).toMatchObject({ ready: true, database: 'up', migrated: true });
    // the gaps grow from 10 ms and never exceed the cap (plus scheduling slack)
    const gaps = tries.slice(1).map((t, i) => t - tries[i]);
    expect(Math.max(...gaps)).toBeLessThan(timing.startBackoffMaxMs + 500);
  });

  it('a preparation that fails for another reason than the connection is fatal, not retried', async () => {
    const onFatal = vi.fn();
    const prepare = vi.fn(async () => {
      throw Object.assign(new Error('syntax error at or near "tabel"'), { code: '42601' });
    });
    const monitor = createDatabaseMonitor({ probe: async () => 1, prepare, onFatal, log: quiet, timing });
    await monitor.start();
    expect(onFatal).toHaveBeenCalledOnce();
    expect(prepare).toHaveBeenCalledOnce();
    expect(monitor.serving()).toBe(false);
  });

  it('one failed call with a healthy database does not take the node out', async () => {
    const probe = vi.fn(async () => 1);
    const monitor = createDatabaseMonitor({ probe, prepared: true, log: quiet, timing });
    monitor.reportFailure(Object.assign(new Error('terminating connection'), { code: '57P01' }));
    await vi.waitFor(() => expect(probe).toHaveBeenCalledOnce());
    await new Promise((r) => setTimeout(r, 30));
    expect(monitor.state()).toBe('up');
    expect(monitor.serving()).toBe(true);
  });

  it('goes down when the probe fails too, and serves again at the first successful probe', async () => {
    let up = false;
    const probe = vi.fn(async () => {
      if (!up) throw refused();
    });
    const monitor = createDatabaseMonitor({ probe, prepared: true, log: quiet, timing });
    monitor.reportFailure(refused());
    await vi.waitFor(() => expect(monitor.state()).toBe('down'));
    expect(monitor.serving()).toBe(false);
    expect(await monitor.readiness()).toMatchObject({ ready: false, database: 'down', migrated: true });
    const probesWhileDown = probe.mock.calls.length;
    await vi.waitFor(() => expect(probe.mock.calls.length).toBeGreaterThan(probesWhileDown + 2));
    up = true;
    await vi.waitFor(() => expect(monitor.serving()).toBe(true));
    expect(monitor.state()).toBe('up');
  });

  it('a probe that hangs counts as down', async () => {
    const monitor = createDatabaseMonitor({
      probe: () => new Promise(() => undefined),
      prepared: true,
      log: quiet,
      timing: { ...timing, probeCacheMs: 0 },
    });
    await new Promise((r) => setTimeout(r, 5));
    expect(await monitor.readiness()).toMatchObject({ ready: false, database: 'down' });
    monitor.stop();
  });

  it('readiness probes at most once per cache period however often it is asked', async () => {
    const probe = vi.fn(async () => 1);
    const monitor = createDatabaseMonitor({
      probe,
      prepared: true,
      log: quiet,
      timing: { ...timing, probeCacheMs: 60_000 },
    });
    await Promise.all(Array.from({ length: 20 }, () => monitor.readiness()));
    expect(probe).toHaveBeenCalledTimes(0); // prepared a moment ago counts as checked
    const fresh = createDatabaseMonitor({ probe, prepared: true, log: quiet, timing: { ...timing, probeCacheMs: 0 } });
    await new Promise((r) => setTimeout(r, 5));
    await Promise.all(Array.from({ length: 20 }, () => fresh.readiness()));
    expect(probe).toHaveBeenCalledTimes(1); // concurrent askers share one probe
  });

  it('a closed embedded database is reopened and prepared again', async () => {
    let closed = true;
    const reopen = vi.fn(async () => {
      closed = false;
    });
    const prepare = vi.fn(async () => {
      if (closed) throw new Error('PGlite is closed');
    });
    const monitor = createDatabaseMonitor({
      probe: async () => 1,
      prepare,
      prepared: true,
      reopen,
      log: quiet,
      timing,
    });
    monitor.reportFailure(new Error('PGlite is closed'));
    expect(monitor.state()).toBe('down');
    await vi.waitFor(() => expect(monitor.serving()).toBe(true));
    expect(reopen).toHaveBeenCalledOnce();
    expect(prepare).toHaveBeenCalledOnce();
  });

  it('draining: not serving, not ready', async () => {
    const monitor = createDatabaseMonitor({ probe: async () => 1, prepared: true, log: quiet, timing });
    monitor.drain();
    expect(monitor.serving()).toBe(false);
    expect(await monitor.readiness()).toEqual({ ready: false, database: 'up', migrated: true, draining: true });
  });
});
