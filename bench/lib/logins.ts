/**
 * Panels logged in as a user logs in (issue 28 item 8): POST /v2/auth/login with the demo password, the offered
 * device confirmed (lib/http.ts panelLogin), and the channels the web subscribes (features/sync/realtime.ts
 * channelsFor: base.{uid} of the user's base, group.{name} of each group) read from the user's first full bundle.
 * The server verifies these sessions exactly as it verifies any panel's: nothing is written around it.
 *
 * Each login costs the server one argon2 verification (19 MiB, 2 passes: ~20–40 ms of a core), so they run a few
 * at a time and before anything is measured.
 */
import http from 'node:http';
import { panelLogin, request, type BenchSession } from './http.js';

/** Demo users the panels are spread over (several visibility classes: central, units, all-events groups). */
export const BENCH_USERS = ['dispecer', 'jednotka', 'mng', 'admin', 'brno', 'ostrava', 'udrp'];

/** logins in flight at once: enough to keep both cores verifying, few enough to leave the rest of the server room */
const LOGINS_AT_ONCE = 6;

/**
 * `count` panels logged in for real, users taken in turn; prints how long the logins took. `deviceCode(i)`: the
 * device panel i confirms among those its user is offered (default: the first offered, as the panel does).
 */
export async function logInPanels(
  url: string,
  count: number,
  opts: { label?: string; deviceCode?: (i: number) => string } = {},
): Promise<BenchSession[]> {
  const started = performance.now();
  const logins = new Array<Awaited<ReturnType<typeof panelLogin>> & { username: string }>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const username = BENCH_USERS[i % BENCH_USERS.length];
      logins[i] = { username, ...(await panelLogin(url, username, undefined, opts.deviceCode?.(i))) };
    }
  };
  await Promise.all(Array.from({ length: LOGINS_AT_ONCE }, worker));

  // each user's base uid from one full bundle of theirs: the channel names the web derives from it
  const agent = new http.Agent({ keepAlive: true });
  const channelsOf = new Map<string, string[]>();
  try {
    for (const login of logins) {
      if (channelsOf.has(login.username)) continue;
      const res = await request(agent, `${url}/v2/app`, {
        method: 'POST',
        headers: login.headers,
        body: '{"uid":null}',
      });
      if (res.status !== 200) throw new Error(`full bundle of ${login.username}: ${res.status}`);
      const bundle = JSON.parse(res.body.toString('utf8')) as { bases: { id: number; uid: string }[] };
      const baseUid = bundle.bases.find((b) => b.id === login.user.baseId)?.uid;
      channelsOf.set(login.username, [
        ...(baseUid ? [`base.${baseUid}`] : []),
        ...login.user.groups.map((g) => `group.${g}`),
      ]);
    }
  } finally {
    agent.destroy();
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(`${opts.label ?? 'bench'}: ${count} real logins with device confirmation in ${seconds.toFixed(1)} s`);
  return logins.map((l) => ({
    username: l.username,
    userId: l.user.id,
    baseId: l.user.baseId,
    token: l.token,
    instance: l.instance,
    channels: channelsOf.get(l.username)!,
  }));
}
