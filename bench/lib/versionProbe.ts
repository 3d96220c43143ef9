/**
 * GET /version.json ten times a second until stopped: the latency base of a load benchmark's window (the ratio
 * every other figure is printed against). A failed or timed-out probe is counted by its absence.
 */
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { request } from './http.js';

export function versionProbe(url: string, timeoutMs = 10_000) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  let samples: number[] = [];
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      const t = performance.now();
      try {
        const res = await request(agent, `${url}/version.json`, { timeoutMs });
        if (res.status === 200) samples.push(performance.now() - t);
      } catch {
        // counted by its absence
      }
      await sleep(100);
    }
    agent.destroy();
  })();
  return {
    /** the samples since the last take (ms) */
    take() {
      const out = samples;
      samples = [];
      return out;
    },
    stop: () => ((stopped = true), done),
  };
}
