/** Which adapter a TRAINS_URL gets (TRAINS_PROVIDER, else the URL's host), and the config's check of it. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { trainsProviderName } from './provider.js';

describe('train provider choice', () => {
  it('GRAPP for its public host, the spec shape for any other; TRAINS_PROVIDER overrides', () => {
    expect(trainsProviderName('https://grapp.spravazeleznic.cz')).toBe('grapp');
    expect(trainsProviderName('https://GRAPP.spravazeleznic.cz/')).toBe('grapp');
    expect(trainsProviderName('https://vlaky.example.cz/api')).toBe('spec');
    expect(trainsProviderName('https://grapp.spravazeleznic.cz.example.com')).toBe('spec');
    expect(trainsProviderName('http://127.0.0.1:9999', 'grapp')).toBe('grapp');
    expect(trainsProviderName('https://grapp.spravazeleznic.cz', 'spec')).toBe('spec');
  });

  it('config: TRAINS_PROVIDER grapp|spec (any case, empty = unset), anything else refused in Czech', () => {
    expect(loadConfig({ TRAINS_PROVIDER: 'GRAPP' }).trainsProvider).toBe('grapp');
    expect(loadConfig({ TRAINS_PROVIDER: 'spec' }).trainsProvider).toBe('spec');
    expect(loadConfig({ TRAINS_PROVIDER: ' ' }).trainsProvider).toBeUndefined();
    expect(() => loadConfig({ TRAINS_PROVIDER: 'geojson' })).toThrow(/TRAINS_PROVIDER musí být grapp nebo spec/);
  });
});
