/**
 * The vocabulary of the authorization table (authorization.table.ts): principals, outcomes, fixtures, the
 * request a row makes, and the shorthands its rows are written with.
 */

export const PRINCIPALS = ['admin', 'dispecer', 'jednotka', 'mng', 'udrp'] as const;
export type Principal = (typeof PRINCIPALS)[number];

export type Outcome = 'allowed' | 'refused' | { scoped: number[]; note: string };

/** Rows of the demo data the requests point at (built by the test). */
export interface Fixture {
  /** an event of Brno (base 4): jednotka does not see it */
  brnoEvent: { id: number; uuid: string };
  brnoJobId: number;
  brnoContactId: number;
  brnoMessageId: number;
  brnoConversationId: number;
  brnoNoteId: number;
  brnoGeoId: number;
  brnoDeviceId: number;
  brnoMediaFile: string;
  brnoLinkId: number;
  queueItemId: number;
  tagId: number;
  brnoResourceId: number;
}

export interface PrincipalCtx {
  deviceId: number;
  deviceCode: string;
  username: string;
}

export interface Req {
  url: string;
  payload?: object | string | Buffer;
  headers?: Record<string, string>;
}

export interface Row {
  /** `METHOD /path` as registered */
  route: string;
  public?: boolean;
  /** the call ends or changes the session: the test logs in afresh for it */
  freshSession?: boolean;
  request: (f: Fixture, p: PrincipalCtx) => Req;
  expect: Record<Principal, Outcome>;
  note?: string;
}

export const A = 'allowed' as const;
export const R = 'refused' as const;
export const hidden = (note: string): Outcome => ({ scoped: [404], note });
export const OTHER_BASE = hidden("another base's event: 404 like an unknown one");

/**
 * A write on another base's job or map note by a role that does not view that kind of row (issue 24 item 11:
 * udrp manages Message only, so its event role 50 writes stay on its own base): 403.
 */
export const CROSS_BASE = R;

/** every principal allowed, with exceptions */
export const all = (except: Partial<Record<Principal, Outcome>> = {}): Record<Principal, Outcome> => ({
  admin: A,
  dispecer: A,
  jednotka: A,
  mng: A,
  udrp: A,
  ...except,
});
/** view Event: group MNG and everybody but role udrp (udrp manages Message only, 000 §6) */
export const viewEvent = (except: Partial<Record<Principal, Outcome>> = {}) => all({ udrp: R, ...except });
/** a write on the Brno event: the unit does not see it, MNG is view-only */
export const writeOnBrno = (except: Partial<Record<Principal, Outcome>> = {}) =>
  all({ jednotka: OTHER_BASE, mng: R, ...except });

export const eventBody = (extra: object = {}) => ({ uuid: crypto.randomUUID(), description: 'tabulka', ...extra });
