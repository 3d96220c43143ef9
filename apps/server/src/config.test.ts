import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WEB_DIST, loadConfig, parseTrustProxy } from './config.js';
import { CUZK_BASE_LAYERS } from './mapLayersConfig.js';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      host: '127.0.0.1', // not production: the demo stays on this machine unless HOST says otherwise (issue 23)
      hostDefaulted: true,
      dataDir: './data',
      databaseUrl: undefined,
      // issue 24 item 10: a stalled database answers 503 within the call budget
      database: { statementTimeoutMs: 30_000, acquireTimeoutMs: 3000, callBudgetMs: 5000 },
      redisUrl: undefined,
      redisPrefix: 'panel',
      seed: 'demo',
      trustProxy: false,
      product: 'hzs',
      environment: 'demo',
      webDist: DEFAULT_WEB_DIST,
      appCodes: ['panel'],
      dzinEventUrl: undefined,
      // issue 25 item 3: escalation of unaccepted alerts runs on every node by default
      escalation: true,
      escalationTickMs: 1000,
      // issue 15: ČÚZK's base maps when MAP_LAYERS is unset
      mapLayers: CUZK_BASE_LAYERS,
      baseMaps: { cuzkDefault: true, capabilitiesTimeoutMs: 5000 },
      simulate: true,
      simulateKopisMinutes: [4, 7],
      // --- map services (issue 6, modules/map/services) ---
      mapServices: {
        cadastreWmsLayers: 'KN',
        huntingWmsLayers: 'Honitby_hranice,Honitby_nazev_2,Honitby_kod_2',
        mapProxyHosts: ['*.cuzk.cz', '*.cuzk.gov.cz', 'geoportal.uhul.cz', 'geoportal.nli.gov.cz'],
      },
      // --- end map services ---
      positions: { retentionDays: 7, maxAccuracyM: 250, futureToleranceS: 60 },
      metrics: { port: 9464, host: '127.0.0.1', token: undefined },
      // issue 25: keys made at the first start and kept in the database
      webPush: { vapidPublicKey: undefined, vapidPrivateKey: undefined, subject: 'mailto:panel@localhost' },
    });
    expect(DEFAULT_WEB_DIST).toBe(path.resolve(import.meta.dirname, '../../web/dist'));
  });

  it('Web Push: both VAPID keys or neither, in their base64url shapes, and a mailto:/https: subject (issue 25)', () => {
    const publicKey = `B${'A'.repeat(86)}`;
    const privateKey = 'x'.repeat(43);
    expect(
      loadConfig({
        WEB_PUSH_VAPID_PUBLIC_KEY: publicKey,
        WEB_PUSH_VAPID_PRIVATE_KEY: privateKey,
        WEB_PUSH_SUBJECT: 'mailto:dispecink@example.cz',
      }).webPush,
    ).toEqual({ vapidPublicKey: publicKey, vapidPrivateKey: privateKey, subject: 'mailto:dispecink@example.cz' });
    expect(() => loadConfig({ WEB_PUSH_VAPID_PUBLIC_KEY: publicKey })).toThrow(/se zadávají spolu/);
    expect(() => loadConfig({ WEB_PUSH_VAPID_PUBLIC_KEY: 'abc', WEB_PUSH_VAPID_PRIVATE_KEY: privateKey })).toThrow(
      /WEB_PUSH_VAPID_PUBLIC_KEY/,
    );
    expect(() => loadConfig({ WEB_PUSH_SUBJECT: 'panel@example.cz' })).toThrow(/WEB_PUSH_SUBJECT/);
  });

  it('reads the PostgreSQL timeouts and refuses nonsense (issue 24 item 10)', () => {
    expect(
      loadConfig({ DB_CALL_BUDGET_MS: '0', DB_STATEMENT_TIMEOUT_MS: '10000', DB_ACQUIRE_TIMEOUT_MS: '500' }).database,
    ).toEqual({ statementTimeoutMs: 10_000, acquireTimeoutMs: 500, callBudgetMs: 0 });
    expect(() => loadConfig({ DB_CALL_BUDGET_MS: 'rychle' })).toThrow(/DB_CALL_BUDGET_MS musí být číslo 0–600000/);
    expect(() => loadConfig({ DB_ACQUIRE_TIMEOUT_MS: '-1' })).toThrow(/DB_ACQUIRE_TIMEOUT_MS/);
  });

  it('SIMULATE: on by default, 0/false off; SIMULATE_KOPIS_MINUTES a window or one number, else refused', () => {
    expect(loadConfig({ SIMULATE: '0' }).simulate).toBe(false);
    expect(loadConfig({ SIMULATE: 'false' }).simulate).toBe(false);
    expect(loadConfig({ SIMULATE: '1' }).simulate).toBe(true);
    expect(loadConfig({ SIMULATE: '' }).simulate).toBe(true);
    expect(() => loadConfig({ SIMULATE: 'maybe' })).toThrow(/SIMULATE musí být 0 nebo 1/);
    expect(loadConfig({ SIMULATE_KOPIS_MINUTES: '2-3' }).simulateKopisMinutes).toEqual([2, 3]);
    expect(loadConfig({ SIMULATE_KOPIS_MINUTES: '5' }).simulateKopisMinutes).toEqual([5, 5]);
    for (const bad of ['7-4', '0', 'abc', '-3']) {
      expect(() => loadConfig({ SIMULATE_KOPIS_MINUTES: bad })).toThrow(/SIMULATE_KOPIS_MINUTES/);
    }
  });

  it('metrics: METRICS_PORT a port or off, METRICS_TOKEN at least 16 characters (issue 23)', () => {
    expect(loadConfig({ METRICS_PORT: 'off' }).metrics.port).toBeNull();
    expect(loadConfig({ METRICS_PORT: 'OFF' }).metrics.port).toBeNull();
    expect(loadConfig({ METRICS_PORT: '9465', METRICS_HOST: '10.0.0.5' }).metrics).toMatchObject({
      port: 9465,
      host: '10.0.0.5',
    });
    expect(() => loadConfig({ METRICS_PORT: 'yes' })).toThrow(/METRICS_PORT musí být číslo 0–65535 nebo off/);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT musí být číslo 0–65535 nebo off/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN musí mít alespoň 16 znaků/);
    expect(loadConfig({ METRICS_TOKEN: 'a'.repeat(16) }).metrics.token).toBe('a'.repeat(16));
  });

  it('reads the position ingest limits (issue 14) and refuses nonsense', () => {
    const c = loadConfig({
      POSITION_RETENTION_DAYS: '30',
      POSITION_MAX_ACCURACY_M: '100',
      POSITION_FUTURE_TOLERANCE_S: '5',
    });
    expect(c.positions).toEqual({ retentionDays: 30, maxAccuracyM: 100, futureToleranceS: 5 });
    expect(() => loadConfig({ POSITION_RETENTION_DAYS: '0' })).toThrow(/POSITION_RETENTION_DAYS/);
    expect(() => loadConfig({ POSITION_MAX_ACCURACY_M: 'x' })).toThrow(/POSITION_MAX_ACCURACY_M/);
  });

  it('trusts X-Forwarded-For only from the proxies TRUST_PROXY names', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16')).toEqual(['10.0.0.1', '192.168.0.0/16']);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u@h:5432/db',
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_PREFIX: 'panel-test_2',
      SEED: 'none',
      PRODUCT: 'szdc',
      ENVIRONMENT: 'production',
    });
    expect(c).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://u@h:5432/db',
      redisUrl: 'redis://127.0.0.1:6379',
      redisPrefix: 'panel-test_2',
      seed: 'none',
      product: 'szdc',
      environment: 'production',
    });
  });

  it('listens on loopback by default except in production, where HOST (default 0.0.0.0) decides', () => {
    expect(loadConfig({ SEED: 'demo' })).toMatchObject({ host: '127.0.0.1', hostDefaulted: true });
    expect(loadConfig({ ENVIRONMENT: 'production' })).toMatchObject({ host: '0.0.0.0', hostDefaulted: true });
    expect(loadConfig({ ENVIRONMENT: 'production', HOST: '10.1.2.3' })).toMatchObject({
      host: '10.1.2.3',
      hostDefaulted: false,
    });
    expect(loadConfig({ HOST: '0.0.0.0' })).toMatchObject({ host: '0.0.0.0', hostDefaulted: false });
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', REDIS_URL: ' ' })).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
      redisUrl: undefined,
    });
  });

  it.each(['abc', '70000', '-1', '80.5'])('refuses PORT=%s with a message naming PORT', (port) => {
    expect(() => loadConfig({ PORT: port })).toThrow(/PORT/);
  });

  it('refuses a REDIS_PREFIX that is not a plain channel name, in Czech', () => {
    for (const prefix of ['Panel', 'panel:prod', 'plná', '-panel', 'x'.repeat(33)]) {
      expect(() => loadConfig({ REDIS_PREFIX: prefix })).toThrow(
        'REDIS_PREFIX smí obsahovat jen malá písmena bez diakritiky, číslice, - a _ (1–32 znaků, první písmeno nebo číslice)',
      );
    }
  });

  it('refuses an unknown SEED and a non-postgres DATABASE_URL', () => {
    expect(() => loadConfig({ SEED: 'full' })).toThrow(/SEED/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });

  it('takes a DŽIN page template only as an http(s) address with {code}', () => {
    expect(loadConfig({ DZIN_EVENT_URL: 'https://dzin.example.cz/udalost/{code}' }).dzinEventUrl).toBe(
      'https://dzin.example.cz/udalost/{code}',
    );
    expect(() => loadConfig({ DZIN_EVENT_URL: 'https://dzin.example.cz/udalost' })).toThrow(/DZIN_EVENT_URL/);
    expect(() => loadConfig({ DZIN_EVENT_URL: 'javascript:alert({code})' })).toThrow(/DZIN_EVENT_URL/);
  });

  // --- cadastre (issue 15) ---
  it('cadastre: the overlay draws ČÚZK WMS KN layers (KN unless CADASTRE_WMS_LAYERS), the card asks the WFS', () => {
    const kn = loadConfig({
      CADASTRE_WMS_URL: 'https://services.cuzk.gov.cz/wms/wms.asp',
      CADASTRE_WFS_URL: 'https://services.cuzk.gov.cz/wfs/inspire-cp-wfs.asp',
    });
    expect(kn.mapLayers?.cadastre).toEqual({
      type: 'wms',
      url: 'https://services.cuzk.gov.cz/wms/wms.asp',
      layers: 'KN',
    });
    expect(kn.mapServices.cadastreWfsUrl).toBe('https://services.cuzk.gov.cz/wfs/inspire-cp-wfs.asp');
    const chosen = loadConfig({
      CADASTRE_WMS_URL: 'https://services.cuzk.gov.cz/wms/wms.asp',
      CADASTRE_WMS_LAYERS: 'hranice_parcel,parcelni_cisla,DEF_PARCELY',
    });
    expect(chosen.mapLayers?.cadastre?.layers).toBe('hranice_parcel,parcelni_cisla,DEF_PARCELY');
    // a MAP_LAYERS entry keeps its own layers
    const own = loadConfig({
      CADASTRE_WMS_URL: 'https://services.cuzk.gov.cz/wms/wms.asp',
      MAP_LAYERS: JSON.stringify({
        cadastre: { type: 'wms', url: 'https://kn.example/wms', layers: 'parcelni_cisla' },
      }),
    });
    expect(own.mapLayers?.cadastre?.layers).toBe('parcelni_cisla');
    expect(() => loadConfig({ CADASTRE_WMS_LAYERS: 'KN;DROP' })).toThrow(/CADASTRE_WMS_LAYERS/);
    expect(() => loadConfig({ CADASTRE_WFS_URL: 'ftp://x' })).toThrow(/CADASTRE_WFS_URL/);
  });

  // --- map services (issue 6, modules/map/services) ---
  it('map services: URLs, the proxy hosts (default: the drone WMS host, ČÚZK and ÚHÚL), a bad URL named', () => {
    const c = loadConfig({
      CADASTRE_WMS_URL: 'https://kn.example/wms',
      ROUTING_URL: 'http://osrm:5000',
      DRONE_WMS_URL: 'https://drone.example:8443/wms?x=1',
    });
    expect(c.mapServices).toEqual({
      cadastreWmsUrl: 'https://kn.example/wms',
      cadastreWmsLayers: 'KN',
      routingUrl: 'http://osrm:5000',
      droneWmsUrl: 'https://drone.example:8443/wms?x=1',
      huntingWmsLayers: 'Honitby_hranice,Honitby_nazev_2,Honitby_kod_2',
      mapProxyHosts: ['drone.example:8443', '*.cuzk.cz', '*.cuzk.gov.cz', 'geoportal.uhul.cz', 'geoportal.nli.gov.cz'],
    });
    expect(loadConfig({ MAP_PROXY_HOSTS: ' A.example , b.example:81 ,' }).mapServices.mapProxyHosts).toEqual([
      'a.example',
      'b.example:81',
    ]);
    expect(() => loadConfig({ PANORAMA_URL: 'https://pano.example/x' })).toThrow(
      'PANORAMA_URL se už nepoužívá: panorama je z Mapy.com, nastavte MAPY_API_KEY',
    );
    expect(() => loadConfig({ MAPY_API_KEY: 'key with "quotes"' })).toThrow('MAPY_API_KEY musí být klíč API Mapy.com');
    expect(loadConfig({ MAPY_API_KEY: ' AbC-123_xyz ' }).mapServices.mapyApiKey).toBe('AbC-123_xyz');
    expect(loadConfig({ MAPY_API_KEY: '' }).mapServices.mapyApiKey).toBeUndefined();
  });
  // --- end map services ---

  it('unset MAP_LAYERS: ČÚZK WMTS base maps (ZM and Ortofoto in jtsk:epsg:5514), the capabilities timeout', () => {
    const c = loadConfig({ DRONE_WMS_URL: 'https://dron.example.cz/wms' });
    expect(c.mapLayers?.ztm).toMatchObject({ type: 'wmts', layer: 'zm', matrixSet: 'jtsk:epsg:5514' });
    expect(c.mapLayers?.ortho).toMatchObject({ type: 'wmts', layer: 'orto', matrixSet: 'jtsk:epsg:5514' });
    expect(c.mapLayers?.ztm?.url).toMatch(/^https:\/\/[a-z-]+\.cuzk\.gov\.cz\//);
    expect(c.mapLayers?.drone).toEqual({ type: 'wms', url: 'https://dron.example.cz/wms' });
    expect(c.baseMaps.cuzkDefault).toBe(true);
    expect(loadConfig({ MAP_CAPABILITIES_TIMEOUT_MS: '800' }).baseMaps.capabilitiesTimeoutMs).toBe(800);
    expect(() => loadConfig({ MAP_CAPABILITIES_TIMEOUT_MS: '5' })).toThrow('MAP_CAPABILITIES_TIMEOUT_MS');
  });

  it('reads MAP_LAYERS (JSON) and adds the drone and cadastre overlays from their service URLs', () => {
    const ztm = { type: 'wms', url: 'https://ags.cuzk.cz/arcgis1/services/ZTM/MapServer/WMSServer', layers: '0' };
    expect(loadConfig({ MAP_LAYERS: JSON.stringify({ ztm }) }).mapLayers).toEqual({ ztm });
    expect(loadConfig({ MAP_LAYERS: JSON.stringify({ ztm }) }).baseMaps.cuzkDefault).toBe(false);
    // {}: the offline map only, no outside service
    expect(loadConfig({ MAP_LAYERS: '{}' }).mapLayers).toBeUndefined();
    expect(
      loadConfig({
        MAP_LAYERS: '{}',
        DRONE_WMS_URL: 'https://dron.example.cz/wms',
        CADASTRE_WMS_URL: 'https://kn.example.cz/wms',
      }).mapLayers,
    ).toEqual({
      drone: { type: 'wms', url: 'https://dron.example.cz/wms' },
      cadastre: { type: 'wms', url: 'https://kn.example.cz/wms', layers: 'KN' },
    });
    expect(() => loadConfig({ MAP_LAYERS: '{nonsense' })).toThrow(/MAP_LAYERS/);
    expect(() => loadConfig({ MAP_LAYERS: JSON.stringify({ ztm: { type: 'tms', url: 'x' } }) })).toThrow(
      /MAP_LAYERS: ztm/,
    );
    expect(() => loadConfig({ MAP_LAYERS: JSON.stringify({ satellite: ztm }) })).toThrow(/MAP_LAYERS/);
  });
});
