import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { applyRuntimeSettings } from './db/runtimeSettings.js';
import { settings } from './db/schema/index.js';
import { buildInfo } from './buildInfo.js';
import { createTestApp, login, pullFullBundle, type TestApp } from './test/factory.js';

describe('GET /version.json and runtime settings', () => {
  let dist: string;
  let t: TestApp;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'panel-dist-'));
    await writeFile(path.join(dist, 'version.json'), JSON.stringify({ hash: 'abc123' }));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>PANEL</title>');
    t = await createTestApp({ config: { webDist: dist, environment: 'test' } });
  });

  afterAll(async () => {
    await t?.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('answers the built hash and the environment without a session, never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/version.json?t=123' });
    expect(res.statusCode).toBe(200);
    const { version, commit } = buildInfo();
    expect(res.json()).toEqual({ hash: 'abc123', version, commit, environment: 'test' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('sees a new build without a restart (the panel then offers the update)', async () => {
    await writeFile(path.join(dist, 'version.json'), JSON.stringify({ hash: 'def456' }));
    const res = await t.app.inject({ method: 'GET', url: '/version.json' });
    expect(res.json().hash).toBe('def456');
  });

  it('serves the panel for client paths and JSON 404 for unknown API paths', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('PANEL');
    const api = await t.app.inject({ method: 'GET', url: '/v2/neexistuje' });
    expect(api.statusCode).toBe(404);
  });

  it('ENVIRONMENT and PRODUCT from the configuration reach the bundle settings', async () => {
    await applyRuntimeSettings(t.db, { environment: 'production', product: 'hzs' });
    const [row] = await t.db.select().from(settings).where(eq(settings.key, 'environment'));
    expect(row.value).toBe('production');
    const s = await login(t.app, 'dispecer');
    const res = await pullFullBundle(t.app, s.headers);
    expect(res.json().settings.environment).toBe('production');
    expect(res.json().settings.dzinEventUrl).toBeUndefined();

    await applyRuntimeSettings(t.db, {
      environment: 'production',
      product: 'hzs',
      dzinEventUrl: 'https://d.cz/{code}',
    });
    const [dzin] = await t.db.select().from(settings).where(eq(settings.key, 'dzinEventUrl'));
    expect(dzin.value).toBe('https://d.cz/{code}');
    await applyRuntimeSettings(t.db, { environment: 'production', product: 'hzs' });
    expect(await t.db.select().from(settings).where(eq(settings.key, 'dzinEventUrl'))).toEqual([]);
  });

  it('MAP_LAYERS reach the bundle settings as mapLayers; unset removes them', async () => {
    const ortho = {
      type: 'wms' as const,
      url: 'https://ags.cuzk.cz/arcgis1/services/ORTOFOTO/MapServer/WMSServer',
      layers: '0',
    };
    await applyRuntimeSettings(t.db, { environment: 'production', product: 'hzs', mapLayers: { ortho } });
    const s = await login(t.app, 'dispecer');
    const res = await pullFullBundle(t.app, s.headers);
    expect(res.json().settings.mapLayers).toEqual({ ortho });
    await applyRuntimeSettings(t.db, { environment: 'production', product: 'hzs' });
    expect(await t.db.select().from(settings).where(eq(settings.key, 'mapLayers'))).toEqual([]);
  });
});
