/**
 * The living demo's radio answers on a started server (issue 24 item 8): the simulator is wired after listen,
 * and its speech used to ask the app for a render pool in a way that added a Fastify hook — refused on a
 * listening instance ("Fastify instance is already listening. Cannot call addHook!"), so no unit ever answered
 * by radio. Here the demo's own wiring (`demoSpeech`, what `startDemoSimulator` passes) renders a real answer in
 * the render worker after listen, and the message is an audio recording with an mp3 file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { MESSAGE_TYPES, RADIO_DEFAULT_CATEGORY } from '@panel/domain/constants';
import * as s from '../../db/schema/index.js';
import { renderPoolOf } from '../../modules/alerts/assets/renderPool.js';
import { createTestApp, type TestApp } from '../../test/factory.js';
import { sendAnswer, type FieldAnswer } from './chat.js';
import { demoSpeech, startDemoSimulator } from './index.js';

describe('demo radio answers after listen', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ config: { seed: 'demo', simulate: true } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('the render pool is taken, not re-hooked, on a listening app', () => {
    expect(() => renderPoolOf(t.app)).not.toThrow();
    expect(renderPoolOf(t.app)).toBe(renderPoolOf(t.app));
  });

  it('the simulator starts on a listening app', async () => {
    const simulator = startDemoSimulator(t.app);
    expect(simulator).not.toBeNull();
    await simulator!.stop();
  });

  it('a unit answers by radio: an audio message holding the spoken mp3', async () => {
    const [phone] = await t.db
      .select({ id: s.devices.id, code: s.devices.code })
      .from(s.devices)
      .where(like(s.devices.code, 'M-%-01'))
      .limit(1);
    const [event] = await t.db.select({ id: s.events.id }).from(s.events).limit(1);
    const answer: FieldAnswer = {
      eventId: event.id,
      baseId: 0,
      deviceId: phone.id,
      deviceCode: phone.code,
      senderName: 'Velitel test',
      kind: 'radio',
      text: 'Požár lokalizován, potřebujeme ještě jednu cisternu.',
      position: null,
    };
    const warnings: object[] = [];
    const id = await sendAnswer(
      { db: t.db, hub: t.hub, renderSpeech: demoSpeech(t.app), log: { warn: (o) => void warnings.push(o) } },
      answer,
    );
    expect(warnings).toEqual([]);

    const [message] = await t.db.select().from(s.messages).where(eq(s.messages.id, id));
    expect(message).toMatchObject({ type: MESSAGE_TYPES.AUDIO, messageCategoryId: RADIO_DEFAULT_CATEGORY });
    const files = message.media as string[];
    expect(files).toHaveLength(1);
    const [file] = await t.db
      .select()
      .from(s.media)
      .where(and(eq(s.media.eventId, event.id), eq(s.media.fileName, files[0])));
    expect(file.contentType).toBe('audio/mpeg');
    // an mp3 of a sentence: an MPEG audio frame sync at the start (lamejs writes no ID3), and seconds of sound
    expect(file.data[0]).toBe(0xff);
    expect(file.data[1] & 0xe0).toBe(0xe0);
    expect(file.data.length).toBeGreaterThan(10_000);
  }, 120_000);

  it('a failing synthesis sends the answer as text and says why', async () => {
    const [phone] = await t.db.select().from(s.devices).where(like(s.devices.code, 'M-%-01')).limit(1);
    const [event] = await t.db.select({ id: s.events.id }).from(s.events).limit(1);
    const warnings: object[] = [];
    const id = await sendAnswer(
      {
        db: t.db,
        hub: t.hub,
        renderSpeech: () => {
          throw new Error('wiring fault');
        },
        log: { warn: (o) => void warnings.push(o) },
      },
      {
        eventId: event.id,
        baseId: 0,
        deviceId: phone.id,
        deviceCode: phone.code,
        senderName: 'Velitel test',
        kind: 'radio',
        text: 'Trakční vedení vypnuto.',
        position: null,
      },
    );
    const [message] = await t.db.select().from(s.messages).where(eq(s.messages.id, id));
    expect(message).toMatchObject({ type: MESSAGE_TYPES.TEXT, content: 'Trakční vedení vypnuto.' });
    expect(warnings).toHaveLength(1);
  });
});
