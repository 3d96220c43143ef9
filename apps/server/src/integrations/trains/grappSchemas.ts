/**
 * GRAPP's own payloads (grapp.spravazeleznic.cz, Správa železnic) — not our wire: our train shape is types.ts.
 * Checked against the real answers in fixtures/ (README there names them).
 */
import { z } from 'zod';

/** One train of `POST /post/trains/GetTrainsWithFilter/{token}`. */
export const grappTrainSchema = z.object({
  Id: z.number().int(),
  /** 'Os 13513 ' (kind, number, name; GRAPP pads with a space) */
  Title: z.string(),
  /** [lat, lon] — latitude first */
  GPS: z.tuple([z.number().min(-90).max(90), z.number().min(-180).max(180)]),
  /** degrees; -32768: no direction */
  Angle: z.number(),
  Order: z.number().optional(),
  Layer: z.number().optional(),
  Icon: z.number().optional(),
  Priority: z.number().optional(),
});
export type GrappTrain = z.infer<typeof grappTrainSchema>;

/** The answer; `Status` is 'OK' (answers of 2020 had no Status), `ReloadPage` asks the page to be loaded again. */
export const grappTrainsAnswerSchema = z.object({
  Status: z.string().optional(),
  ReloadPage: z.boolean().optional(),
  QuickMessage: z.string().nullish(),
  Trains: z.array(grappTrainSchema).nullish(),
});
export type GrappTrainsAnswer = z.infer<typeof grappTrainsAnswerSchema>;

/** GRAPP's "no direction" angle. */
export const GRAPP_NO_ANGLE = -32768;

/** The filter body public clients send (fixtures/grapp-filter-body.json); the lists come from the start page. */
export interface GrappFilter {
  CarrierCode: string[];
  PublicKindOfTrain: string[];
  FreightKindOfTrain: string[];
  KindOfExtraordinary: string[];
  TrainRunning: boolean;
  PMD: boolean;
  TrainNoChange: number;
  BckTrain: boolean;
  TrainOutOfOrder: boolean;
  Delay: string[];
  DelayMin: number;
  DelayMax: number;
  SearchByTrainNumber: boolean;
  SearchByTrainName: boolean;
  SearchByTRID: boolean;
  SearchByVehicleNumber: boolean;
  SearchTextType: string;
  SearchPhrase: string;
  SelectedTrain: number;
  RequestedBy: number;
  OrderedBy: string;
  UnRestriction: boolean;
  PlRestriction: boolean;
  GPS: null;
  ETCS: boolean;
}

/** Public clients' lists, used when the start page offers no checkboxes (the page changes over the years). */
export const GRAPP_DEFAULT_LISTS = {
  carriers: [
    '991919',
    '992230',
    '992719',
    '991687',
    '993030',
    '990010',
    '993188',
    '993246',
    '993386',
    '993295',
    '991950',
    '992693',
    '991638',
    '991976',
    '993089',
    '993162',
    '991257',
    '992636',
    '546001',
    '991935',
    '991562',
    '993444',
    '993303',
    '991026',
    '991125',
    '993345',
    '992644',
    '992842',
    '991927',
    '993170',
    '991810',
    '994376',
    '993337',
    '993204',
    '542005',
    '993436',
  ],
  kinds: ['LE', 'Ex', 'Sp', 'rj', 'TL', 'EC', 'SC', 'Os', 'TLX', 'IC', 'EN', 'R', 'RJ', 'NJ', 'LET', 'ES'],
  delays: ['0', '30', '5', '60', '15', '61'],
} as const;

/** Foreign carriers: public clients always add this pseudo-code. */
export const GRAPP_FOREIGN = 'f_o_r_e_i_g_n';

export function grappFilter(lists: {
  carriers: readonly string[];
  kinds: readonly string[];
  delays: readonly string[];
}): GrappFilter {
  const carriers = lists.carriers.includes(GRAPP_FOREIGN) ? [...lists.carriers] : [...lists.carriers, GRAPP_FOREIGN];
  return {
    CarrierCode: carriers,
    PublicKindOfTrain: [...lists.kinds],
    FreightKindOfTrain: [],
    KindOfExtraordinary: [],
    TrainRunning: false,
    PMD: false,
    TrainNoChange: 0,
    BckTrain: false,
    TrainOutOfOrder: false,
    Delay: [...lists.delays],
    DelayMin: -99999,
    DelayMax: -99999,
    SearchByTrainNumber: true,
    SearchByTrainName: true,
    SearchByTRID: false,
    SearchByVehicleNumber: false,
    SearchTextType: '0',
    SearchPhrase: '',
    SelectedTrain: -1,
    RequestedBy: -1,
    OrderedBy: '',
    UnRestriction: true,
    PlRestriction: true,
    GPS: null,
    ETCS: false,
  };
}
