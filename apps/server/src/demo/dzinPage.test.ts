/**
 * DŽIN in the demo (issue 24 item 17): a demo server without DZIN_EVENT_URL carries its own stand-in page as the
 * DŽIN template, so category 17's tab, the 'do aplikace DŽIN' link and the DZIN_INPUT tag appear; the page is
 * public, marked as the demo's and shows the code escaped. With DZIN_EVENT_URL the real one wins and the
 * stand-in is not served.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, pullFullBundle, type TestApp } from '../test/factory.js';
import { applyRuntimeSettings } from '../db/runtimeSettings.js';
import { demoDzinTexts } from './dzinPage.js';
import { DEMO_DZIN_EVENT_URL, effectiveDzinEventUrl } from '../dzinUrl.js';

describe('DŽIN stand-in page of the demo', () => {
  let demo: TestApp;
  let real: TestApp;

  beforeAll(async () => {
    demo = await createTestApp({ config: { seed: 'demo' } });
    real = await createTestApp({ config: { seed: 'demo', dzinEventUrl: 'https://dzin.example.cz/udalost/{code}' } });
    await applyRuntimeSettings(demo.db, demo.config);
    await applyRuntimeSettings(real.db, real.config);
  }, 300_000); // two seeded apps on a loaded machine
  afterAll(async () => {
    await demo?.close();
    await real?.close();
  });

  it('the demo bundle carries the stand-in template; a configured DZIN_EVENT_URL wins; none elsewhere', async () => {
    const s = await login(demo.app, 'dispecer');
    expect((await pullFullBundle(demo.app, s.headers)).json().settings.dzinEventUrl).toBe(DEMO_DZIN_EVENT_URL);
    const r = await login(real.app, 'dispecer');
    expect((await pullFullBundle(real.app, r.headers)).json().settings.dzinEventUrl).toBe(
      'https://dzin.example.cz/udalost/{code}',
    );
    expect(effectiveDzinEventUrl({ seed: 'none' })).toBeUndefined();
    expect(effectiveDzinEventUrl({ seed: 'demo' })).toBe('/demo/dzin/{code}');
  });

  it('serves the page without a session, marked as the demo, with the code escaped', async () => {
    const res = await demo.app.inject({
      method: 'GET',
      url: '/demo/dzin/DZIN-118840',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain(demoDzinTexts.banner);
    expect(res.body).toContain('>DZIN-118840<');
    const nasty = await demo.app.inject({ method: 'GET', url: `/demo/dzin/${encodeURIComponent('<b>"x"</b>')}` });
    expect(nasty.statusCode).toBe(200);
    expect(nasty.body).not.toContain('<b>');
    expect(nasty.body).toContain('&lt;b&gt;&quot;x&quot;&lt;/b&gt;');
  });

  it('is not served where the real DŽIN is configured', async () => {
    const res = await real.app.inject({ method: 'GET', url: '/demo/dzin/DZIN-118840' });
    expect(res.statusCode).toBe(404);
  });
});
