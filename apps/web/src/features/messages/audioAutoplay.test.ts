import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toWireTime } from '@panel/domain/locale';
import { useAuthStore } from '../../stores/authStore';
import { useEntitiesStore } from '../../stores/entitiesStore';
import { useMuteStore } from '../../stores/muteStore';
import { demoLogin, resetStores } from '../../test/utils';
import { autoplayFile, startAudioAutoplay, type AutoplayContext } from './audioAutoplay';
import { makeMessage } from './testMessages';

const NOW = new Date('2026-11-21T09:00:00Z').getTime();
const ago = (ms: number) => toWireTime(new Date(NOW - ms));
const radio = (id: number, patch = {}) =>
  makeMessage(id, { type: 'X11', content: '', media: [`1-x-${id}.mp3`], createdAt: ago(60_000), ...patch });

const ctx = (patch: Partial<AutoplayContext> = {}): AutoplayContext => ({
  userId: 7,
  now: NOW,
  played: new Set(),
  isMuted: () => false,
  ...patch,
});

describe('which audio messages play by themselves', () => {
  it('plays an incoming audio message younger than 5 minutes', () => {
    expect(autoplayFile(radio(1), ctx())).toBe('1-x-1.mp3');
    expect(autoplayFile(radio(2, { media: ['a.jpg', 'b.aac'] }), ctx())).toBe('b.aac');
  });

  it('not own, not older than 5 minutes, not without audio, not twice, not of a muted event', () => {
    expect(autoplayFile(radio(1, { userId: 7 }), ctx())).toBeNull();
    expect(autoplayFile(radio(1, { createdAt: ago(5 * 60_000 + 1000) }), ctx())).toBeNull();
    expect(autoplayFile(radio(1, { media: ['a.jpg'] }), ctx())).toBeNull();
    expect(autoplayFile(radio(1, { media: null }), ctx())).toBeNull();
    expect(autoplayFile(radio(1), ctx({ played: new Set(['m-1']) }))).toBeNull();
    expect(autoplayFile(radio(1), ctx({ isMuted: (uuid) => uuid === 'uuid-1' }))).toBeNull();
  });
});

describe('autoplay service', () => {
  beforeEach(() => {
    resetStores();
    localStorage.removeItem('panel.autoplayed');
    useMuteStore.setState({ muted: {} });
    useAuthStore.getState().login(demoLogin);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(new Uint8Array([0xff, 0xfb]), { headers: { 'Content-Type': 'audio/mpeg' } })),
    );
    URL.createObjectURL = vi.fn(() => `blob:${Math.random()}`);
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('plays each new message once, one after another, and remembers it across restarts', async () => {
    const played: string[] = [];
    const play = vi.fn(async (url: string) => {
      played.push(url);
    });
    const stop = startAudioAutoplay(play, () => NOW);
    useEntitiesStore.getState().applyBundle({ messages: [radio(1), radio(2, { createdAt: ago(30_000) })] });
    await vi.waitFor(() => expect(play).toHaveBeenCalledTimes(2));
    const fetched = vi.mocked(fetch).mock.calls.map((c) => String(c[0]));
    expect(fetched).toEqual(['/v2/media/event/1/1-x-1.mp3?size=normal', '/v2/media/event/1/1-x-2.mp3?size=normal']);

    // the same messages again (a delta, a reload): no second play
    useEntitiesStore.getState().applyBundle({ messages: [radio(1, { read: 0 })] });
    stop();
    const again = startAudioAutoplay(play, () => NOW);
    await new Promise((r) => setTimeout(r, 20));
    expect(play).toHaveBeenCalledTimes(2);
    again();
  });

  it('goes on with the next one when a playback fails', async () => {
    const play = vi.fn().mockRejectedValueOnce(new Error('NotAllowedError')).mockResolvedValue(undefined);
    const stop = startAudioAutoplay(play, () => NOW);
    useEntitiesStore.getState().applyBundle({ messages: [radio(1), radio(2)] });
    await vi.waitFor(() => expect(play).toHaveBeenCalledTimes(2));
    stop();
  });
});
