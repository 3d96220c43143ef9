/**
 * The contract of the train calls (001 §3 Train, §7 POST /train-location, /train-track, GET /v2/grapp/trains,
 * POST /muv-location; docs/API.md "Map data, search and trains (issue 6)"): the bodies the server validates and
 * the GeoJSON answers, one set for server and web (issue 16). Field names are the railway service's (Czech,
 * snake_case), as the panel reads them. `null` means "the source does not say" (GRAPP gives number, name,
 * position and angle; its detail page carrier, stations and delay; nothing of composition, crew or cargo): the
 * card shows it as unknown, never a made-up value. The integration adapters keep their own parsing of the
 * external services' formats; these are only our wire shapes. Coordinates are WGS84 [lon, lat].
 */
import { z } from 'zod';
import { fromWireTime } from '../locale/dates';
import { lineStringGeometry, lonLatSchema, pointGeometry } from '../map/geometry';
import { trainRouteTexts } from './texts';

export const MAX_TRACKS = 100;

export const trainEngineSchema = z.object({
  /** 'Vedoucí', 'Postrková', 'Vložená', 'Řídicí vůz' */
  funkce_hv_popis: z.string(),
  /** locomotive / unit number, e.g. '380.004-8' */
  title: z.string(),
});

export const trainCrewContactSchema = z.object({
  /** 'Strojvedoucí', 'Vlakvedoucí', 'Průvodčí' */
  funkce_na_vlaku_popis: z.string(),
  telefon: z.string(),
});

export const dangerousGoodsSchema = z.object({
  /** UN number, e.g. '1203' */
  un: z.string(),
  nazev: z.string(),
  /** RID class */
  trida: z.string(),
  /** Kemler code (hazard identification number) */
  kemler: z.string(),
});

export const TRAIN_KINDS = ['Ex', 'R', 'Os', 'Sp', 'Nex', 'Pn'] as const;
export type TrainKind = (typeof TRAIN_KINDS)[number];

const text = z.string().nullable();
const num = z.number().nullable();

export const trainSchema = z.object({
  /** 'Ex 143 Ostravan' */
  title: z.string(),
  dopravce: text,
  vychozi_stanice: text,
  cilova_stanice: text,
  /** the last station passed (or where the train stands) */
  vyskyt: text,
  /** wire time of this position */
  updated: text,
  /** metres */
  delka: num,
  /** tonnes */
  hmotnost: num,
  vozy: num,
  pocet_naprav: num,
  /** null for freight trains */
  pocet_cestujicich: num,
  train_engines: z.array(trainEngineSchema),
  /** phone of the responsible dispatcher, or null */
  kontakt: text,
  /** empty: the card shows 'Kontakty nejsou k dispozici' */
  kontakty_vlakova_ceta: z.array(trainCrewContactSchema),
  /** Ex, R, Os, Sp, Nex, Pn (TRAIN_KINDS), or what the service names */
  druh_vlaku: z.string(),
  vlak_cislo: z.string(),
  nazev: text,
  /** live animals on board */
  ziva: z.boolean().nullable(),
  /** RID goods; empty when none, null when unknown */
  nebezpecne_veci: z.array(dangerousGoodsSchema).nullable(),
  mimoradna_zasilka: z.boolean().nullable(),
  mimoradnost: z.object({ vojenska_preprava: z.boolean(), plm: z.boolean(), nv: z.boolean(), jina: text }).nullable(),
  current_gps: lonLatSchema,
  begin_track_gps: lonLatSchema.nullable(),
  end_track_gps: lonLatSchema.nullable(),
  /** share of the current run done, 0–1 */
  traversed: num,
  // ours, for the map symbol and the search
  /** km/h now (0 standing) */
  rychlost: num,
  /** degrees from north; null: the source gives no direction (GRAPP's Angle -32768) */
  azimut: num,
  /** minutes behind the timetable (negative: ahead); absent/null when unknown */
  zpozdeni: num.optional(),
  /** wire times of the current run's departure and (expected) arrival */
  odjezd: text,
  prijezd: text,
  /** the railway line (railway_lines.code) */
  trat: text,
});

export const trainPropertiesSchema = trainSchema.extend({ tr: z.string() });

export const trainFeatureSchema = z.object({
  type: z.literal('Feature'),
  id: z.string(),
  geometry: pointGeometry,
  properties: trainPropertiesSchema,
});

export const trackFeatureSchema = z.object({
  type: z.literal('Feature'),
  id: z.string(),
  geometry: lineStringGeometry,
  /** part 'traversed' (from the run's start to the train) or 'ahead' (from the train to the run's end) */
  properties: z.object({ tr: z.string(), title: z.string(), part: z.enum(['traversed', 'ahead']) }),
});

export const muvFeatureSchema = z.object({
  type: z.literal('Feature'),
  id: z.string(),
  geometry: pointGeometry,
  properties: z.object({
    id: z.string(),
    /** 'MUV 74.012' */
    name: z.string(),
    /** vehicle series */
    typ: z.string(),
    /** the HZS SŽ unit it belongs to (base code) */
    base_code: z.string(),
    /** km/h at the last report */
    speed: z.number(),
    /** wire time of the last report */
    created: z.string(),
    /** reported within SPECIAL_VEHICLE_ACTIVE_WINDOW */
    active: z.boolean(),
    /** railway_lines.code */
    line: z.string(),
  }),
});

// ---------------------------------------------------------------- answers

/** POST /train-location: the trains found; `tr` the asked number (null for a window query) */
export const trainLocationAnswer = z.object({ features: z.array(trainFeatureSchema), tr: z.string().nullable() });
/** POST /train-track: per train the run travelled and ahead */
export const trainTrackAnswer = z.object({ features: z.array(trackFeatureSchema) });
/** GET /v2/grapp/trains/{token}: every train (token null) or those that moved since the token */
export const trainFeedAnswer = z.object({ token: z.string(), features: z.array(trainFeatureSchema) });
/** POST /muv-location: the special rail vehicles */
export const muvAnswer = z.object({ features: z.array(muvFeatureSchema) });

// ---------------------------------------------------------------- requests

/** A train number: 1–6 digits, as text or a number (the panel sends text, integrations often a number). */
const trainNumber = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
  z.string({ error: trainRouteTexts.trainNumber }).regex(/^\d{1,6}$/, trainRouteTexts.trainNumber),
);

const given = (v: unknown) => v !== undefined && v !== null && v !== '';
const wireTime = z.string({ error: trainRouteTexts.time }).refine((s) => {
  const d = fromWireTime(s);
  return d !== null && !Number.isNaN(d.getTime());
}, trainRouteTexts.time);

/** A JSON body that is no object (an array, a number) reads as `{}`: the 422 then names the missing field. */
const objectBody = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? v : {});

/**
 * POST /train-location: `{TR}` (one train now) or `{CasOd, CasDo, VlakCislo | DopravniBod, RealTime}` (a time
 * window of a train or an operating point). The answer is the provider's query; 422 names the field.
 */
export const trainLocationBody = z.preprocess(
  objectBody,
  z
    .looseObject({
      TR: z.unknown().optional(),
      CasOd: z.unknown().optional(),
      CasDo: z.unknown().optional(),
      VlakCislo: z.unknown().optional(),
      DopravniBod: z.unknown().optional(),
      RealTime: z.unknown().optional(),
    })
    .transform((body, ctx) => {
      const fail = (path: string, message: string) => {
        ctx.addIssue({ code: 'custom', path: [path], message });
        return z.NEVER;
      };
      if (given(body.TR)) {
        const tr = trainNumber.safeParse(body.TR);
        return tr.success ? { TR: tr.data } : fail('TR', trainRouteTexts.trainNumber);
      }
      const point = typeof body.DopravniBod === 'string' ? body.DopravniBod.trim() : '';
      const hasTarget = body.VlakCislo != null || point !== '';
      if (body.CasOd === undefined && body.CasDo === undefined && !hasTarget) {
        return fail('TR', trainRouteTexts.locationQuery);
      }
      const from = wireTime.safeParse(body.CasOd);
      const to = wireTime.safeParse(body.CasDo);
      if (!from.success) fail('CasOd', trainRouteTexts.time);
      if (!to.success) fail('CasDo', trainRouteTexts.time);
      if (from.success && to.success && fromWireTime(from.data)!.getTime() > fromWireTime(to.data)!.getTime()) {
        fail('CasDo', trainRouteTexts.window);
      }
      let vlak: string | undefined;
      if (given(body.VlakCislo)) {
        const parsed = trainNumber.safeParse(body.VlakCislo);
        if (parsed.success) vlak = parsed.data;
        else fail('VlakCislo', trainRouteTexts.trainNumber);
      } else if (!hasTarget) fail('VlakCislo', trainRouteTexts.locationQuery);
      if (!from.success || !to.success || ctx.issues.length) return z.NEVER;
      const realTime =
        body.RealTime === true || body.RealTime === 1 || body.RealTime === '1' || body.RealTime === 'true';
      return {
        CasOd: from.data,
        CasDo: to.data,
        ...(vlak ? { VlakCislo: vlak } : { DopravniBod: point }),
        RealTime: realTime,
      };
    }),
);

/**
 * POST /train-track: `{TR: [numbers]}` (one number alone is taken as a list of one); 1–100 numbers, each 1–6
 * digits; any fault is one 422 on `TR`.
 */
export const trainTrackBody = z.preprocess(
  objectBody,
  z.looseObject({
    TR: z.unknown().transform((v, ctx) => {
      const list = Array.isArray(v) ? v : v != null ? [v] : [];
      const numbers = list.map((n) => trainNumber.safeParse(n));
      if (!numbers.length || numbers.length > MAX_TRACKS || numbers.some((n) => !n.success)) {
        ctx.addIssue({ code: 'custom', message: trainRouteTexts.trackList });
        return z.NEVER;
      }
      // one track per train, asked twice or not
      return [...new Set(numbers.map((n) => n.data as string))];
    }),
  }),
);

/** GET /v2/grapp/trains/{token}: 'null' (or empty) asks for every train */
export const trainFeedParams = z.object({ token: z.string() });

export type TrainEngine = z.infer<typeof trainEngineSchema>;
export type TrainCrewContact = z.infer<typeof trainCrewContactSchema>;
export type DangerousGoods = z.infer<typeof dangerousGoodsSchema>;
export type Train = z.infer<typeof trainSchema>;
export type TrainProperties = z.infer<typeof trainPropertiesSchema>;
export type TrainFeature = z.infer<typeof trainFeatureSchema>;
export type TrackFeature = z.infer<typeof trackFeatureSchema>;
export type MuvFeature = z.infer<typeof muvFeatureSchema>;
export type TrainLocationAnswer = z.infer<typeof trainLocationAnswer>;
export type TrainTrackAnswer = z.infer<typeof trainTrackAnswer>;
export type TrainFeedAnswer = z.infer<typeof trainFeedAnswer>;
export type MuvAnswer = z.infer<typeof muvAnswer>;
export type TrainLocationBody = z.input<typeof trainLocationBody>;
export type TrainTrackBody = z.input<typeof trainTrackBody>;
