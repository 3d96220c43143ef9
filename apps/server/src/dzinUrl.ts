/**
 * The DŽIN page template of this server (issue 24 item 17): `DZIN_EVENT_URL`, else on a demo server the demo's
 * own stand-in page (demo/dzinPage.ts), else none (the panel then shows no DŽIN tab, link or tag). Kept apart from
 * the page so the runtime settings import nothing of the HTTP side.
 */
import type { Config } from './config.js';

/** the template the demo's settings carry: same origin, `{code}` the event code (as DZIN_EVENT_URL) */
export const DEMO_DZIN_EVENT_URL = '/demo/dzin/{code}';

export function effectiveDzinEventUrl(config: { dzinEventUrl?: string; seed?: Config['seed'] }): string | undefined {
  return config.dzinEventUrl ?? (config.seed === 'demo' ? DEMO_DZIN_EVENT_URL : undefined);
}
