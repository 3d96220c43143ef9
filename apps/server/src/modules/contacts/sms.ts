/**
 * SMS of the contacts area (000 §5, §7, §8):
 *
 * - `occurrenceInfo` (GET /{product}/occurrence/info?id={event uid}&base_id={base uid}): the suggested SMS text,
 *   composed from the event: code, event type, address, time HH:mm and date DD.MM.YYYY (Prague), signed with the
 *   base's code; shortened (the address first) to the 155-character limit.
 * - `sendSms` (POST /{product}/contact/sms, form data base_id, number, content, and our optional event_id): the
 *   rules of 000 §5 (422), then the SMS provider (integrations/sms): the default writes the outbox row and the
 *   journal row in one command; a gateway URL calls the gateway first and journals the result after.
 */
import { eq } from 'drizzle-orm';
import { SMS_MAX } from '@panel/domain/constants';
import { type SmsAnswer, type SmsBody, smsNumberError, smsTextError } from '@panel/domain/contacts';
import { formatDate, formatTime, normalizeContactNumber, texts, toInternationalNumber } from '@panel/domain/locale';
import type { Database, Queryable } from '../../db/client.js';
import { bases, eventTypes, events } from '../../db/schema/index.js';
import { notFound, unprocessable } from '../../errors.js';
import type { FieldError } from '../../texts.js';
import { smsProvider, outboxSmsProvider, type SmsRequest, type SmsResult } from '../../integrations/sms/index.js';
import { runCommand, type ChangeRecorder } from '../../sync/commands.js';
import { actorOf, visibleEvent, type Auth, type Deps } from '../events/access.js';
import type { EventRow } from '../events/presenter.js';
import { eventAbility } from './commands.js';
import { authorize } from '../../http/authorize.js';

/** The event a panel names by its uid (000 §7), or, for events without one, by uuid or numeric id. */
export async function eventByUid(q: Queryable, auth: Auth, key: string): Promise<EventRow> {
  const k = key.trim();
  let [row] = await q.select().from(events).where(eq(events.uid, k));
  if (!row) [row] = await q.select().from(events).where(eq(events.uuid, k));
  if (!row && /^\d{1,9}$/.test(k)) {
    [row] = await q
      .select()
      .from(events)
      .where(eq(events.id, Number(k)));
  }
  if (!row) throw notFound(texts.sms.unknownEvent);
  return (await visibleEvent(q, auth, row.id, { message: texts.sms.unknownEvent })).row;
}

async function baseByUid(q: Queryable, uid: string) {
  const [base] = await q.select().from(bases).where(eq(bases.uid, uid.trim()));
  return base ?? null;
}

/** Cuts to `max` characters with an ellipsis. */
const cut = (s: string, max: number) => (s.length <= max ? s : `${s.slice(0, Math.max(0, max - 1)).trimEnd()}…`);

/**
 * '{code} {type}: {address}, {HH:mm} {DD.MM.YYYY}. {base code}' — e.g. 'PHA-2025-0412 Požár: Praha-Libeň,
 * nákladové nádraží, 14:35 12.03.2025. HZS SŽ PHA'. Empty parts are left out; the address gives way first.
 */
export function composeSmsText(input: {
  code: string | null;
  typeName: string | null;
  address: string | null;
  at: Date | null;
  baseCode: string | null;
}): string {
  const head = [input.code, input.typeName].filter(Boolean).join(' ');
  const when = input.at ? `${formatTime(input.at)} ${formatDate(input.at)}` : '';
  const sign = input.baseCode ? `HZS SŽ ${input.baseCode}` : '';
  const build = (address: string) => {
    const body = [address, when].filter(Boolean).join(', ');
    const main = [head, body].filter(Boolean).join(': ');
    return [main, sign].filter(Boolean).join('. ');
  };
  const address = input.address?.trim() ?? '';
  const full = build(address);
  if (full.length <= SMS_MAX || !address) return cut(full, SMS_MAX);
  const room = SMS_MAX - build('').length - 2;
  return cut(build(room > 1 ? cut(address, room) : ''), SMS_MAX);
}

export async function occurrenceInfo(db: Database, auth: Auth, eventKey: string, baseUid: string) {
  const event = await eventByUid(db, auth, eventKey);
  const base = await baseByUid(db, baseUid);
  if (!base) throw notFound(texts.sms.unknownBase(baseUid));
  const [type] =
    event.eventTypeId == null
      ? []
      : await db.select({ name: eventTypes.name }).from(eventTypes).where(eq(eventTypes.id, event.eventTypeId));
  const sms = composeSmsText({
    code: event.code,
    typeName: type?.name ?? null,
    address: event.address,
    at: event.start ?? event.startAt ?? event.createdAt,
    baseCode: base.code,
  });
  return { sms };
}

/** POST /{product}/contact/sms. 403 without create EventContact (of the event when `event_id` is given). */
export async function sendSms(
  deps: Deps & { smsGatewayUrl?: string | null },
  auth: Auth,
  body: SmsBody,
): Promise<SmsAnswer> {
  const event = body.event_id ? await eventByUid(deps.db, auth, body.event_id) : null;
  const ability = event ? await eventAbility(deps.db, auth, event) : auth.ability;
  authorize({ ability }, 'create', 'EventContact');

  const errors: FieldError[] = [];
  const base = await baseByUid(deps.db, body.base_id);
  if (!base) errors.push({ field: 'base_id', message: texts.sms.unknownBase(body.base_id) });
  const numberError = smsNumberError(body.number);
  if (numberError) errors.push({ field: 'number', message: numberError });
  const textError = smsTextError(body.content);
  if (textError) errors.push({ field: 'content', message: textError });
  if (errors.length) throw unprocessable(errors);

  const request: SmsRequest = {
    number: normalizeContactNumber(body.number),
    to: toInternationalNumber(body.number),
    content: body.content.trim(),
    baseUid: base!.uid,
    eventId: event?.id ?? null,
    userId: auth.user.id,
    at: new Date().toISOString(),
  };
  const journal = (rec: ChangeRecorder, result: SmsResult, via: string) =>
    rec.journal({
      table: 'sms',
      data: { number: request.number, content: request.content, baseUid: request.baseUid, via, ...result },
    });
  const command = <T>(fn: Parameters<typeof runCommand<T>>[3]) =>
    runCommand(deps, actorOf(auth), { type: 'contact.sms', eventId: event?.id ?? null }, fn);

  const provider = smsProvider(deps.db, deps.smsGatewayUrl);
  let result: SmsResult;
  if (provider.kind === 'outbox') {
    // the outbox row and the journal row commit together
    result = await command(async (tx, rec) => {
      const r = await outboxSmsProvider(tx).send(request);
      journal(rec, r, 'outbox');
      return r;
    });
  } else {
    // the gateway call (up to 10 s) stays outside the transaction
    result = await provider.send(request);
    await command(async (_tx, rec) => journal(rec, result, 'gateway'));
  }
  return result.ok ? { status: 1, msg: texts.sms.sent } : { status: 0, msg: texts.sms.notSent };
}
