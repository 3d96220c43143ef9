import 'fake-indexeddb/auto';
import { Blob as NodeBlob } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { useToastStore } from '../ui/toasts';
import { forgetOutboxMemory, getOutboxFile, mediaKey } from './outboxMedia';
import { flushOutbox, sendCaptured, useOutboxStore } from './outboxStore';
import { fetchSequence, setupOutboxTests } from './outboxTestSetup';

const item = {
  uuid: 'r-1',
  userId: 7,
  eventId: 5,
  eventUuid: 'uuid-5',
  messageCategoryId: 2,
  content: '',
  type: 'X11',
  label: 'Rádiová zpráva 0:03',
};
// Node's Blob: the test IndexedDB clones with Node's structuredClone, which keeps Node Blobs (not jsdom's)
const file = {
  name: '5-20261121_093000-X-COIS-02.mp3',
  blob: new NodeBlob([new Uint8Array([0xff, 0xfb, 1, 2])], { type: 'audio/mpeg' }) as unknown as Blob,
};

const uploaded = () =>
  new Response(JSON.stringify({ fileName: file.name, size: 4, contentType: 'audio/mpeg' }), { status: 201 });
const saved = () =>
  new Response(JSON.stringify({ id: 9, uuid: 'r-1', eventId: 5, media: [file.name] }), { status: 201 });
const offline = () => Promise.reject(new TypeError('Failed to fetch'));

setupOutboxTests();

describe('outbox with files (radio, photo)', () => {
  it('uploads the file under its capture name, then sends the message with type and media', async () => {
    const calls = fetchSequence([uploaded, saved]);
    expect(await sendCaptured(item, [file])).toBe('sent');
    expect(calls[0]).toMatchObject({
      url: `/v2/media/event/5/${file.name}`,
      method: 'POST',
      contentType: 'audio/mpeg',
    });
    expect(calls[1]).toMatchObject({ url: '/v2/messages', method: 'POST' });
    expect(calls[1].body).toMatchObject({ uuid: 'r-1', eventId: 5, type: 'X11', media: [file.name], content: '' });
    expect(useOutboxStore.getState().items).toEqual([]);
    forgetOutboxMemory();
    expect(await getOutboxFile(mediaKey('r-1', file.name))).toBeNull();
  });

  it('keeps the recording across a reload while offline and delivers it once the connection returns', async () => {
    fetchSequence([offline]);
    expect(await sendCaptured(item, [file])).toBe('pending');
    expect(useOutboxStore.getState().items[0].media).toEqual([
      { name: file.name, contentType: 'audio/mpeg', size: 4, uploaded: false },
    ]);
    // a reload: memory is gone, IndexedDB keeps the file
    forgetOutboxMemory();
    const stored = await getOutboxFile(mediaKey('r-1', file.name));
    expect(stored?.size).toBe(4);

    const calls = fetchSequence([uploaded, saved]);
    await flushOutbox();
    expect(calls.map((c) => c.url)).toEqual([`/v2/media/event/5/${file.name}`, '/v2/messages']);
    expect(useOutboxStore.getState().items).toEqual([]);
  });

  it('does not upload a file again once it landed, when only the message failed', async () => {
    fetchSequence([uploaded, () => new Response('{}', { status: 503 })]);
    expect(await sendCaptured(item, [file])).toBe('pending');
    expect(useOutboxStore.getState().items[0].media?.[0].uploaded).toBe(true);
    const calls = fetchSequence([saved]);
    await flushOutbox();
    expect(calls.map((c) => c.url)).toEqual(['/v2/messages']);
    expect(useOutboxStore.getState().items).toEqual([]);
  });

  it('drops the message with the upload error when the server refuses the file', async () => {
    fetchSequence([() => new Response(JSON.stringify([{ field: 'file', message: 'x' }]), { status: 422 })]);
    expect(await sendCaptured(item, [file])).toBe('refused');
    expect(useOutboxStore.getState().items).toEqual([]);
    expect(useToastStore.getState().toasts.map((t) => t.message)).toContain(
      'Zpráva nebyla odeslána, nastala chyba při nahrávání přílohy.',
    );
  });
});
