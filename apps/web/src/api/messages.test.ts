import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../stores/authStore';
import { demoLogin, resetStores } from '../test/utils';
import { listPage, mediaUrl, uploadMedia } from './messages';

beforeEach(() => {
  resetStores();
  useAuthStore.getState().login(demoLogin);
});

describe('messages api', () => {
  it('listPage reads the item map, X-Pagination-* and Link rel=next', async () => {
    const fn = vi.fn(
      async () =>
        new Response(JSON.stringify({ items: { 5: { id: 5 }, 4: { id: 4 } } }), {
          status: 200,
          headers: {
            'X-Pagination-Current-Page': '2',
            'X-Pagination-Page-Count': '3',
            Link: '</v2/messages/event/1?page=3>; rel=next',
          },
        }),
    );
    vi.stubGlobal('fetch', fn);
    const page = await listPage(1, 2, 1);
    expect(page).toMatchObject({ currentPage: 2, pageCount: 3, hasNext: true });
    expect(page.items.map((m) => m.id)).toEqual([4, 5]);
    const [url, init] = fn.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/v2/messages/event/1?page=2&per-page=20&messageCategoryId=1');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer token-1');
  });

  it('listPage: no next on the last page', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ items: {} }), {
          headers: { 'X-Pagination-Current-Page': '3', 'X-Pagination-Page-Count': '3' },
        }),
    );
    expect((await listPage(1, 3)).hasNext).toBe(false);
  });

  it('uploadMedia sends the file with Content-Type and X-File-Size-Total; a 413 throws', async () => {
    const fn = vi.fn(
      async () =>
        new Response(JSON.stringify({ message: 'Příloha překročila povolenou velikost 5MB.' }), { status: 413 }),
    );
    vi.stubGlobal('fetch', fn);
    await expect(uploadMedia(1, '1-x-X.pdf', new Blob(['abc'], { type: 'application/pdf' }))).rejects.toMatchObject({
      status: 413,
    });
    const [url, init] = fn.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/v2/media/event/1/1-x-X.pdf');
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/pdf', 'X-File-Size-Total': '3' });
    expect(mediaUrl(1, 'a.jpg', 'small')).toBe('/v2/media/event/1/a.jpg?size=small');
  });
});
