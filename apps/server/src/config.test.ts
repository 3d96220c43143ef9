import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WEB_DIST, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: './data',
      databaseUrl: undefined,
      redisUrl: undefined,
      seed: 'demo',
      product: 'hzs',
      environment: 'demo',
      webDist: DEFAULT_WEB_DIST,
      appCodes: ['panel'],
      dzinEventUrl: undefined,
    });
    expect(DEFAULT_WEB_DIST).toBe(path.resolve(import.meta.dirname, '../../web/dist'));
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u@h:5432/db',
      REDIS_URL: 'redis://127.0.0.1:6379',
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
      seed: 'none',
      product: 'szdc',
      environment: 'production',
    });
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
});
