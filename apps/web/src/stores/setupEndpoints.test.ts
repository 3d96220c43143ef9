/** 001 §3 setup state `endpoints.imageProxyUrl` (issue 24 item 19): images go through it, other media do not. */
import { beforeEach, describe, expect, it } from 'vitest';
import { mediaUrl } from '../api/messages';
import { isSameOriginPath, useSetupStore } from './setupStore';

beforeEach(() => useSetupStore.setState({ endpoints: { imageProxyUrl: null } }));

describe('endpoints.imageProxyUrl', () => {
  it('is in the setup state, null by default, and persisted with it', () => {
    expect(useSetupStore.getState().endpoints).toEqual({ imageProxyUrl: null });
    expect(useSetupStore.getState().setImageProxyUrl('/img-proxy/')).toBe(true);
    expect(JSON.parse(localStorage.getItem('panel.setup') ?? '{}').state.endpoints).toEqual({
      imageProxyUrl: '/img-proxy',
    });
  });

  it('images load through it; pdf and audio stay on the API', () => {
    expect(mediaUrl(7, 'a b.jpg', 'small')).toBe('/v2/media/event/7/a%20b.jpg?size=small');
    useSetupStore.getState().setImageProxyUrl('/img-proxy');
    expect(mediaUrl(7, 'a b.jpg', 'small')).toBe('/img-proxy/v2/media/event/7/a%20b.jpg?size=small');
    expect(mediaUrl(7, 'zprava.pdf')).toBe('/v2/media/event/7/zprava.pdf?size=normal');
    expect(mediaUrl(7, 'hlas.mp3')).toBe('/v2/media/event/7/hlas.mp3?size=normal');
  });

  it('refuses another origin (the media calls carry the session token) and keeps the old value', () => {
    const set = useSetupStore.getState().setImageProxyUrl;
    set('/img-proxy');
    for (const bad of ['https://proxy.example/img', '//proxy.example/img', 'img', '/\\evil', '/a b']) {
      expect(isSameOriginPath(bad), bad).toBe(false);
      expect(set(bad)).toBe(false);
    }
    expect(useSetupStore.getState().endpoints.imageProxyUrl).toBe('/img-proxy');
    expect(set(null)).toBe(true);
    expect(useSetupStore.getState().endpoints.imageProxyUrl).toBeNull();
  });
});
