/**
 * The demo railway network (issue 6): a hand-made, geographically correct set of the main Czech railway
 * stations, 13 main and regional lines as ordered station lists, 167 places (regional capitals, district
 * towns, other towns and a few villages on the lines) and ~300 address points along real streets of the big
 * cities. The seed fills railway_points (source 'demo'), railway_lines, places and address_points; an SR70 or
 * RÚIAN import later overwrites points by code and leaves the demo lines alone.
 *
 * Stations carry their real SR70 codes, kilometre positions, TUDU codes and GPS positions (from the SR70
 * codebook of Správa železnic); the line polylines run through their stations with the intermediate operating
 * points of the codebook as shape points, so they follow the real track. Places and streets were placed by
 * hand (a town's position is its centre, checked to lie within 3 km of its station).
 */
import { normalizeSearch } from '@panel/domain/map';
import type { Queryable } from '../db/client.js';
import { addressPoints, places, railwayLines, railwayPoints } from '../db/schema/index.js';

export interface DemoStation {
  /** SR70 'Evidenční číslo' */
  code: string;
  name: string;
  km: number;
  tudu: string;
  region: string;
  latitude: number;
  longitude: number;
  /** SR70 'Kvalifikátor - popis'; default 'Železniční stanice' */
  kind?: string;
}

export interface DemoLine {
  code: string;
  name: string;
  category: 'main' | 'regional';
  /** SR70 codes of its stations in travel order */
  stations: readonly string[];
  /** [[lon, lat], …] through the stations */
  coordinates: readonly (readonly [number, number])[];
}

export interface DemoPlace {
  name: string;
  kind: 'capital' | 'city' | 'town' | 'village';
  population: number;
  district: string;
  region: string;
  latitude: number;
  longitude: number;
}

export interface DemoStreet {
  town: string;
  /** část obce / městský obvod */
  part: string;
  postcode: string;
  street: string;
  /** [lat, lon] of the street's ends */
  from: readonly [number, number];
  to: readonly [number, number];
  jpoId: number;
  jpoName: string;
  district: string;
  region: string;
}

export interface DemoAddress {
  code: string;
  title: string;
  street: string;
  houseNumber: string;
  town: string;
  townPart: string;
  district: string;
  region: string;
  postcode: string;
  jpoId: number;
  jpoName: string;
  latitude: number;
  longitude: number;
}

// prettier-ignore
export const DEMO_STATIONS: readonly DemoStation[] = [
  { code: '551069', name: 'Benešov u Prahy', km: 134.416, tudu: '1704A1', region: 'Středočeský kraj', latitude: 49.778741, longitude: 14.68318 },
  { code: '730747', name: 'Beroun', km: 38.673, tudu: '0202H1', region: 'Středočeský kraj', latitude: 49.957548, longitude: 14.077926 },
  { code: '548198', name: 'Bílina', km: 34.514, tudu: '0591I1', region: 'Ústecký kraj', latitude: 50.554069, longitude: 13.77214 },
  { code: '330951', name: 'Blansko', km: 178.916, tudu: '2002E1', region: 'Jihomoravský kraj', latitude: 49.353212, longitude: 16.646189 },
  { code: '341248', name: 'Bohumín', km: 275.971, tudu: '1891P1', region: 'Moravskoslezský kraj', latitude: 49.90101, longitude: 18.36015 },
  { code: '332957', name: 'Brno hl. n.', km: 143.3, tudu: '2001J1', region: 'Jihomoravský kraj', latitude: 49.189992, longitude: 16.611046 },
  { code: '333153', name: 'Brno-Královo Pole', km: 8.671, tudu: '2031C1', region: 'Jihomoravský kraj', latitude: 49.231486, longitude: 16.596195 },
  { code: '334250', name: 'Břeclav', km: 83.207, tudu: '2401B1', region: 'Jihomoravský kraj', latitude: 48.754384, longitude: 16.893605 },
  { code: '540443', name: 'Čáslav', km: 278.195, tudu: '1201X1', region: 'Středočeský kraj', latitude: 49.915354, longitude: 15.394614 },
  { code: '539130', name: 'Česká Třebová', km: 245.828, tudu: '1501A1', region: 'Pardubický kraj', latitude: 49.896831, longitude: 16.447115 },
  { code: '732826', name: 'České Budějovice', km: 213.388, tudu: '0401H3', region: 'Jihočeský kraj', latitude: 48.974436, longitude: 14.488809 },
  { code: '530667', name: 'Český Brod', km: 376.978, tudu: '1501R1', region: 'Středočeský kraj', latitude: 50.076706, longitude: 14.867044 },
  { code: '733527', name: 'Číčenice', km: 242.906, tudu: '0401N1', region: 'Jihočeský kraj', latitude: 49.153552, longitude: 14.221498 },
  { code: '556597', name: 'Děčín hl. n.', km: 539.692, tudu: '0801U5', region: 'Ústecký kraj', latitude: 50.773459, longitude: 14.201096 },
  { code: '733329', name: 'Dívčice', km: 234.581, tudu: '0401M1', region: 'Jihočeský kraj', latitude: 49.106223, longitude: 14.301213 },
  { code: '567404', name: 'Dvůr Králové nad Labem', km: 54.23, tudu: '1601F1', region: 'Královehradecký kraj', latitude: 50.413715, longitude: 15.798267 },
  { code: '540831', name: 'Golčův Jeníkov', km: 267.077, tudu: '1201W1', region: 'Kraj Vysočina', latitude: 49.836626, longitude: 15.468041 },
  { code: '542134', name: 'Havlíčkův Brod', km: 224.005, tudu: '1201R1', region: 'Kraj Vysočina', latitude: 49.597924, longitude: 15.588897 },
  { code: '338459', name: 'Hodonín', km: 104.235, tudu: '2401F1', region: 'Jihomoravský kraj', latitude: 48.855759, longitude: 17.120943 },
  { code: '738658', name: 'Horažďovice předměstí', km: 289.615, tudu: '0401U1', region: 'Plzeňský kraj', latitude: 49.331401, longitude: 13.739068 },
  { code: '731349', name: 'Hořovice', km: 58.085, tudu: '0202J1', region: 'Středočeský kraj', latitude: 49.843189, longitude: 13.899049 },
  { code: '531202', name: 'Hradec Králové hl. n.', km: 22.432, tudu: '1302F1', region: 'Královehradecký kraj', latitude: 50.214593, longitude: 15.810363 },
  { code: '337220', name: 'Hranice na Moravě', km: 211.82, tudu: '1891E1', region: 'Olomoucký kraj', latitude: 49.56543, longitude: 17.741332 },
  { code: '339853', name: 'Hulín', km: 168.432, tudu: '2401P1', region: 'Zlínský kraj', latitude: 49.316058, longitude: 17.476684 },
  { code: '750356', name: 'Cheb', km: 455.011, tudu: '0203V1', region: 'Karlovarský kraj', latitude: 50.073658, longitude: 12.380751 },
  { code: '538132', name: 'Choceň', km: 271.062, tudu: '1501E1', region: 'Pardubický kraj', latitude: 49.993859, longitude: 16.223621 },
  { code: '534891', name: 'Chomutov', km: 64.7, tudu: '0602F1', region: 'Ústecký kraj', latitude: 50.456766, longitude: 13.39954 },
  { code: '567701', name: 'Jaroměř', km: 39.752, tudu: '1601D1', region: 'Královehradecký kraj', latitude: 50.341939, longitude: 15.910729 },
  { code: '342154', name: 'Jihlava', km: 198.735, tudu: '1201N1', region: 'Kraj Vysočina', latitude: 49.415912, longitude: 15.598971 },
  { code: '535492', name: 'Kadaň-Prunéřov', km: 137.351, tudu: '0112C1', region: 'Ústecký kraj', latitude: 50.411362, longitude: 13.258345 },
  { code: '758755', name: 'Karlovy Vary', km: 185.445, tudu: '0112L1', region: 'Karlovarský kraj', latitude: 50.235579, longitude: 12.866672 },
  { code: '535195', name: 'Klášterec nad Ohří', km: 144.286, tudu: '0112E1', region: 'Ústecký kraj', latitude: 50.385064, longitude: 13.196117 },
  { code: '534149', name: 'Kolín', km: 347.853, tudu: '1501N5', region: 'Středočeský kraj', latitude: 50.025832, longitude: 15.212705 },
  { code: '543967', name: 'Kralupy nad Vltavou', km: 437.226, tudu: '0801F3', region: 'Středočeský kraj', latitude: 50.238409, longitude: 14.313976 },
  { code: '345751', name: 'Křižanov', km: 61.666, tudu: '2031H1', region: 'Kraj Vysočina', latitude: 49.385134, longitude: 16.080264 },
  { code: '540146', name: 'Kutná Hora hl. n.', km: 287.569, tudu: '1201Y1', region: 'Středočeský kraj', latitude: 49.961484, longitude: 15.301464 },
  { code: '347252', name: 'Letovice', km: 203.504, tudu: '2002H1', region: 'Jihomoravský kraj', latitude: 49.556091, longitude: 16.57084 },
  { code: '542126', name: 'Liberec', km: 160.341, tudu: '1051K3', region: 'Liberecký kraj', latitude: 50.761359, longitude: 15.046324 },
  { code: '558593', name: 'Lovosice', km: 495.096, tudu: '0801N5', region: 'Ústecký kraj', latitude: 50.509683, longitude: 14.059483 },
  { code: '744052', name: 'Mariánské Lázně', km: 424.69, tudu: '0203P1', region: 'Karlovarský kraj', latitude: 49.957138, longitude: 12.693645 },
  { code: '533992', name: 'Most', km: 46.28, tudu: '0602A1', region: 'Ústecký kraj', latitude: 50.511505, longitude: 13.658014 },
  { code: '351759', name: 'Náměšť nad Oslavou', km: 29.583, tudu: '1241F1', region: 'Kraj Vysočina', latitude: 49.207314, longitude: 16.146901 },
  { code: '351858', name: 'Napajedla', km: 149.379, tudu: '2401M1', region: 'Zlínský kraj', latitude: 49.162067, longitude: 17.504803 },
  { code: '739250', name: 'Nepomuk', km: 313.853, tudu: '0401W1', region: 'Plzeňský kraj', latitude: 49.497553, longitude: 13.608809 },
  { code: '354456', name: 'Okříšky', km: 169.799, tudu: '1201K1', region: 'Kraj Vysočina', latitude: 49.247916, longitude: 15.770072 },
  { code: '551366', name: 'Olbramovice', km: 119.496, tudu: '1701S5', region: 'Středočeský kraj', latitude: 49.667615, longitude: 14.624432 },
  { code: '343624', name: 'Olomouc hl. n.', km: 87.002, tudu: '1901N5', region: 'Olomoucký kraj', latitude: 49.591476, longitude: 17.278943 },
  { code: '343640', name: 'Ostrava hl. n.', km: 267.311, tudu: '1891T3', region: 'Moravskoslezský kraj', latitude: 49.85173, longitude: 18.266873 },
  { code: '344341', name: 'Ostrava-Svinov', km: 261.831, tudu: '1891L1', region: 'Moravskoslezský kraj', latitude: 49.820807, longitude: 18.210158 },
  { code: '758557', name: 'Ostrov nad Ohří', km: 169.737, tudu: '0112I1', region: 'Karlovarský kraj', latitude: 50.301702, longitude: 12.958051 },
  { code: '355750', name: 'Otrokovice', km: 155.08, tudu: '2401N1', region: 'Zlínský kraj', latitude: 49.203782, longitude: 17.530885 },
  { code: '536136', name: 'Pardubice hl. n.', km: 305.782, tudu: '1501J1', region: 'Pardubický kraj', latitude: 50.031682, longitude: 15.756512 },
  { code: '531160', name: 'Pečky', km: 363.187, tudu: '1501P1', region: 'Středočeský kraj', latitude: 50.089788, longitude: 15.02718 },
  { code: '749457', name: 'Planá u Mariánských Lázní', km: 412.726, tudu: '0203N1', region: 'Plzeňský kraj', latitude: 49.861933, longitude: 12.730309 },
  { code: '732750', name: 'Plzeň hl. n.', km: 103.425, tudu: '0202P3', region: 'Plzeňský kraj', latitude: 49.743905, longitude: 13.389312 },
  { code: '356055', name: 'Podivín', km: 94.295, tudu: '2001B1', region: 'Jihomoravský kraj', latitude: 48.838144, longitude: 16.853286 },
  { code: '570762', name: 'Praha hl. n.', km: 185.877, tudu: '1704K1', region: 'Hlavní město Praha', latitude: 50.08309, longitude: 14.435978 },
  { code: '572560', name: 'Praha-Holešovice', km: 4.1, tudu: '0791C1', region: 'Hlavní město Praha', latitude: 50.110636, longitude: 14.439706 },
  { code: '570960', name: 'Praha-Hostivař', km: 176.096, tudu: '1704G1', region: 'Hlavní město Praha', latitude: 50.054929, longitude: 14.538044 },
  { code: '571760', name: 'Praha-Libeň', km: 404.417, tudu: '1501U1', region: 'Hlavní město Praha', latitude: 50.100637, longitude: 14.502328 },
  { code: '572263', name: 'Praha-Smíchov', km: 0.465, tudu: '0202A5', region: 'Hlavní město Praha', latitude: 50.061112, longitude: 14.408044 },
  { code: '733824', name: 'Protivín', km: 249.853, tudu: '0401O1', region: 'Jihočeský kraj', latitude: 49.21253, longitude: 14.211831 },
  { code: '535138', name: 'Přelouč', km: 319.062, tudu: '1501K3', region: 'Pardubický kraj', latitude: 50.039534, longitude: 15.57485 },
  { code: '346627', name: 'Přerov', km: 183.483, tudu: '1891A3', region: 'Olomoucký kraj', latitude: 49.447115, longitude: 17.445299 },
  { code: '357376', name: 'Přibyslav', km: 103.346, tudu: '2031M1', region: 'Kraj Vysočina', latitude: 49.569496, longitude: 15.743913 },
  { code: '732057', name: 'Rokycany', km: 86.99, tudu: '0202N1', region: 'Plzeňský kraj', latitude: 49.740121, longitude: 13.592 },
  { code: '542571', name: 'Roudnice nad Labem', km: 476.577, tudu: '0801K1', region: 'Ústecký kraj', latitude: 50.426449, longitude: 14.265184 },
  { code: '565903', name: 'Semily', km: 102.279, tudu: '1051C1', region: 'Liberecký kraj', latitude: 50.603475, longitude: 15.324 },
  { code: '359851', name: 'Skalice nad Svitavou', km: 194.157, tudu: '2002G1', region: 'Jihomoravský kraj', latitude: 49.480148, longitude: 16.609782 },
  { code: '568006', name: 'Smiřice', km: 33.133, tudu: '1601C1', region: 'Královehradecký kraj', latitude: 50.299842, longitude: 15.857818 },
  { code: '735720', name: 'Soběslav', km: 62.096, tudu: '1701H1', region: 'Jihočeský kraj', latitude: 49.25474, longitude: 14.725818 },
  { code: '764555', name: 'Sokolov', km: 208.16, tudu: '0112O1', region: 'Karlovarský kraj', latitude: 50.186046, longitude: 12.64437 },
  { code: '566406', name: 'Stará Paka', km: 74.12, tudu: '1401I1', region: 'Královehradecký kraj', latitude: 50.516389, longitude: 15.485626 },
  { code: '361451', name: 'Staré Město u Uherského Hradiště', km: 138.03, tudu: '2401K1', region: 'Zlínský kraj', latitude: 49.076595, longitude: 17.423151 },
  { code: '568907', name: 'Stéblová', km: 9.612, tudu: '1612B1', region: 'Pardubický kraj', latitude: 50.104485, longitude: 15.757673 },
  { code: '761023', name: 'Strakonice', km: 272.615, tudu: '0401R1', region: 'Jihočeský kraj', latitude: 49.255041, longitude: 13.915584 },
  { code: '550061', name: 'Strančice', km: 157.761, tudu: '1704D1', region: 'Středočeský kraj', latitude: 49.949484, longitude: 14.678265 },
  { code: '361857', name: 'Střelice', km: 142.736, tudu: '1271H1', region: 'Jihomoravský kraj', latitude: 49.154018, longitude: 16.484155 },
  { code: '747857', name: 'Stříbro', km: 382.331, tudu: '0203H1', region: 'Plzeňský kraj', latitude: 49.740882, longitude: 13.000429 },
  { code: '362251', name: 'Studenec', km: 35.787, tudu: '1241G1', region: 'Kraj Vysočina', latitude: 49.222435, longitude: 16.069316 },
  { code: '346940', name: 'Studénka', km: 244.691, tudu: '1891I1', region: 'Moravskoslezský kraj', latitude: 49.707484, longitude: 18.06624 },
  { code: '348045', name: 'Suchdol nad Odrou', km: 232.573, tudu: '1891G1', region: 'Moravskoslezský kraj', latitude: 49.641659, longitude: 17.937537 },
  { code: '541334', name: 'Světlá nad Sázavou', km: 239.867, tudu: '1201T1', region: 'Kraj Vysočina', latitude: 49.670286, longitude: 15.417914 },
  { code: '543330', name: 'Svitavy', km: 229.488, tudu: '2002L1', region: 'Pardubický kraj', latitude: 49.760076, longitude: 16.479852 },
  { code: '362459', name: 'Šakvice', km: 108.378, tudu: '2001D1', region: 'Jihomoravský kraj', latitude: 48.912957, longitude: 16.705098 },
  { code: '735027', name: 'Ševětín', km: 22.243, tudu: '1781E1', region: 'Jihočeský kraj', latitude: 49.097371, longitude: 14.574492 },
  { code: '349423', name: 'Šternberk', km: 115.828, tudu: '1361C1', region: 'Olomoucký kraj', latitude: 49.720558, longitude: 17.285918 },
  { code: '349720', name: 'Šumperk', km: 43.848, tudu: '1362J1', region: 'Olomoucký kraj', latitude: 49.96178, longitude: 16.982494 },
  { code: '736223', name: 'Tábor', km: 81.879, tudu: '1701K1', region: 'Jihočeský kraj', latitude: 49.414605, longitude: 14.676457 },
  { code: '532895', name: 'Teplice v Čechách', km: 18.118, tudu: '0591F3', region: 'Ústecký kraj', latitude: 50.646531, longitude: 13.829342 },
  { code: '363952', name: 'Tišnov', km: 30.024, tudu: '2031E1', region: 'Jihomoravský kraj', latitude: 49.347325, longitude: 16.417669 },
  { code: '365551', name: 'Třebíč', km: 49.958, tudu: '1241I1', region: 'Kraj Vysočina', latitude: 49.211431, longitude: 15.885704 },
  { code: '543009', name: 'Turnov', km: 123.993, tudu: '1051F1', region: 'Liberecký kraj', latitude: 50.587176, longitude: 15.138454 },
  { code: '351122', name: 'Uničov', km: 15.027, tudu: '1362E1', region: 'Olomoucký kraj', latitude: 49.779228, longitude: 17.115785 },
  { code: '531798', name: 'Ústí nad Labem hl. n.', km: 516.923, tudu: '0801Q1', region: 'Ústecký kraj', latitude: 50.65915, longitude: 14.044078 },
  { code: '538637', name: 'Ústí nad Orlicí', km: 256.628, tudu: '1501C1', region: 'Pardubický kraj', latitude: 49.971251, longitude: 16.376854 },
  { code: '530469', name: 'Úvaly', km: 387.723, tudu: '1501S1', region: 'Středočeský kraj', latitude: 50.075085, longitude: 14.722456 },
  { code: '531566', name: 'Velim', km: 355.86, tudu: '1501O1', region: 'Středočeský kraj', latitude: 50.067841, longitude: 15.123708 },
  { code: '735522', name: 'Veselí nad Lužnicí', km: 55.188, tudu: '1701G1', region: 'Jihočeský kraj', latitude: 49.193238, longitude: 14.716672 },
  { code: '368050', name: 'Vizovice', kind: 'Dopravna D3', km: 24.625, tudu: '2461E1', region: 'Zlínský kraj', latitude: 49.220105, longitude: 17.843265 },
  { code: '368753', name: 'Vranovice', km: 117.978, tudu: '2001E1', region: 'Jihomoravský kraj', latitude: 48.964442, longitude: 16.604244 },
  { code: '355024', name: 'Zábřeh na Moravě', km: 39.857, tudu: '1901G1', region: 'Olomoucký kraj', latitude: 49.871478, longitude: 16.888296 },
  { code: '369157', name: 'Zastávka u Brna', km: 10.605, tudu: '1241C1', region: 'Jihomoravský kraj', latitude: 49.187753, longitude: 16.357966 },
  { code: '731042', name: 'Zdice', km: 47.873, tudu: '0202I1', region: 'Středočeský kraj', latitude: 49.907726, longitude: 13.979407 },
  { code: '337550', name: 'Zlín střed', km: 10.14, tudu: '2461C1', region: 'Zlínský kraj', latitude: 49.226527, longitude: 17.658513 },
  { code: '337451', name: 'Zlín-Malenovice', km: 5.387, tudu: '2461B1', region: 'Zlínský kraj', latitude: 49.2098, longitude: 17.599658 },
  { code: '733121', name: 'Zliv', km: 228.137, tudu: '0401LA', region: 'Jihočeský kraj', latitude: 49.065453, longitude: 14.361653 },
  { code: '370155', name: 'Žďár nad Sázavou', km: 86.416, tudu: '2031K1', region: 'Kraj Vysočina', latitude: 49.553929, longitude: 15.938837 },
  { code: '565820', name: 'Železný Brod', km: 108.999, tudu: '1051D1', region: 'Liberecký kraj', latitude: 50.639863, longitude: 15.266377 },
];

// prettier-ignore
export const DEMO_LINES: readonly DemoLine[] = [
  {
    code: 'D01',
    name: 'Praha – Kolín – Pardubice – Česká Třebová – Olomouc – Ostrava – Bohumín',
    category: 'main',
    stations: ['570762', '571760', '530469', '530667', '531160', '531566', '534149', '535138', '536136', '538132', '538637', '539130', '355024', '343624', '346627', '337220', '348045', '346940', '344341', '343640', '341248'],
    coordinates: [[14.43598,50.08309], [14.43471,50.08765], [14.44227,50.09126], [14.44932,50.08963], [14.46016,50.0917], [14.46924,50.09317], [14.50233,50.10064], [14.54435,50.09716], [14.56852,50.08845], [14.59825,50.08223], [14.61457,50.08352], [14.62943,50.08443], [14.66302,50.08706], [14.70502,50.08252], [14.72246,50.07509], [14.77027,50.07696], [14.80606,50.07863], [14.86704,50.07671], [14.90365,50.09376], [14.97923,50.10066], [14.98626,50.09907], [15.02718,50.08979], [15.07129,50.07977], [15.07857,50.07811], [15.12371,50.06784], [15.15071,50.055], [15.19452,50.031], [15.2127,50.02583], [15.22423,50.01911], [15.23439,50.01134], [15.24723,50.00894], [15.29644,50.01106], [15.34824,50.03047], [15.36003,50.03791], [15.36451,50.0404], [15.39828,50.04037], [15.41792,50.03754], [15.478,50.03167], [15.52666,50.03653], [15.57485,50.03953], [15.59078,50.03534], [15.61374,50.03209], [15.66984,50.03041], [15.72266,50.03187], [15.75039,50.02581], [15.75651,50.03168], [15.77274,50.03154], [15.78824,50.03122], [15.8304,50.02745], [15.89659,50.01307], [15.94612,50.00227], [15.96142,50.00893], [16.01344,49.9876], [16.06489,49.99012], [16.10892,49.99498], [16.13575,49.99587], [16.17198,49.98967], [16.22362,49.99386], [16.27661,50.00213], [16.2856,49.99958], [16.33449,49.98819], [16.37685,49.97125], [16.39529,49.96858], [16.42229,49.93637], [16.42647,49.92717], [16.43183,49.92107], [16.43621,49.91099], [16.44712,49.89683], [16.57198,49.89265], [16.60399,49.88025], [16.65527,49.86027], [16.70996,49.85922], [16.76558,49.87239], [16.77384,49.87291], [16.78349,49.87319], [16.84193,49.86811], [16.8883,49.87148], [16.91669,49.82588], [17.09113,49.72404], [17.15603,49.69754], [17.21994,49.67148], [17.20097,49.63822], [17.2717,49.60687], [17.27887,49.60053], [17.27894,49.59148], [17.27598,49.58338], [17.4453,49.44711], [17.57304,49.52929], [17.60099,49.53435], [17.61911,49.53607], [17.64534,49.54075], [17.65882,49.54453], [17.68233,49.5524], [17.71097,49.5581], [17.74133,49.56543], [17.75512,49.58308], [17.80022,49.58358], [17.90241,49.61571], [17.93754,49.64166], [17.98465,49.67774], [18.05198,49.70502], [18.06624,49.70748], [18.06503,49.71643], [18.15178,49.74952], [18.19013,49.77916], [18.1943,49.78777], [18.21016,49.82081], [18.22723,49.83194], [18.23499,49.83439], [18.23932,49.83686], [18.25135,49.8432], [18.26077,49.84828], [18.26693,49.85037], [18.26687,49.85173], [18.28448,49.86088], [18.32345,49.88162], [18.33803,49.88853], [18.34005,49.89402], [18.34659,49.8939], [18.36015,49.90101]],
  },
  {
    code: 'D02',
    name: 'Česká Třebová – Brno – Břeclav',
    category: 'main',
    stations: ['539130', '543330', '347252', '359851', '330951', '332957', '368753', '362459', '356055', '334250'],
    coordinates: [[16.44712,49.89683], [16.4626,49.87322], [16.47549,49.85626], [16.47422,49.84808], [16.48627,49.81475], [16.48727,49.79363], [16.47985,49.76008], [16.4833,49.73529], [16.48473,49.70045], [16.50845,49.65544], [16.52017,49.6335], [16.52447,49.62333], [16.53216,49.60236], [16.54073,49.59158], [16.57084,49.55609], [16.57724,49.53517], [16.58386,49.52113], [16.59815,49.49988], [16.60978,49.48015], [16.62178,49.43868], [16.62806,49.40695], [16.63379,49.3875], [16.63929,49.36118], [16.64619,49.35321], [16.64811,49.30199], [16.6632,49.29541], [16.65936,49.22601], [16.63614,49.20469], [16.61512,49.19323], [16.61105,49.18999], [16.61051,49.17292], [16.60727,49.16812], [16.6067,49.15837], [16.60696,49.15009], [16.60618,49.13345], [16.60561,49.10351], [16.60528,49.08463], [16.60516,49.08039], [16.59764,49.05662], [16.61726,49.03271], [16.59495,49.01037], [16.60424,48.96444], [16.63031,48.94215], [16.66775,48.92439], [16.7051,48.91296], [16.78177,48.88949], [16.82083,48.86741], [16.85329,48.83814], [16.8808,48.81322], [16.90648,48.76807], [16.89361,48.75438]],
  },
  {
    code: 'D03',
    name: 'Praha – Plzeň – Cheb',
    category: 'main',
    stations: ['570762', '572263', '730747', '731042', '731349', '732057', '732750', '747857', '749457', '744052', '750356'],
    coordinates: [[14.43598,50.08309], [14.43386,50.0763], [14.41994,50.06753], [14.41058,50.06649], [14.40663,50.06326], [14.40804,50.06111], [14.37784,50.05513], [14.37173,50.05569], [14.30941,50.03226], [14.28952,50.02738], [14.28043,50.02629], [14.08431,49.96661], [14.07793,49.95755], [14.06182,49.95369], [14.04235,49.94304], [14.02106,49.92883], [13.97941,49.90773], [13.95939,49.8859], [13.92922,49.86867], [13.89905,49.84319], [13.87379,49.83069], [13.83705,49.83633], [13.80369,49.83517], [13.78546,49.83239], [13.78194,49.82815], [13.7789,49.82217], [13.76776,49.80045], [13.73959,49.78325], [13.70002,49.77405], [13.65596,49.75506], [13.62685,49.74821], [13.592,49.74012], [13.53821,49.74912], [13.51136,49.75162], [13.49192,49.75957], [13.42249,49.7634], [13.41571,49.7582], [13.39994,49.74828], [13.38931,49.7439], [13.37495,49.74036], [13.34605,49.74156], [13.32556,49.73813], [13.30358,49.75159], [13.27548,49.76016], [13.24483,49.76229], [13.06198,49.76222], [13.04096,49.76216], [13.00043,49.74088], [12.93832,49.74419], [12.91018,49.76319], [12.84596,49.78612], [12.7804,49.82145], [12.74151,49.82874], [12.73031,49.86193], [12.72647,49.86887], [12.7236,49.90353], [12.71294,49.92521], [12.69365,49.95714], [12.66654,49.97671], [12.61507,49.99317], [12.53981,50.01176], [12.50365,50.02696], [12.45775,50.03062], [12.44136,50.04952], [12.41025,50.05053], [12.38368,50.05986], [12.38075,50.07366]],
  },
  {
    code: 'D04',
    name: 'Praha – Benešov – Tábor – České Budějovice',
    category: 'main',
    stations: ['570762', '570960', '550061', '551069', '551366', '736223', '735720', '735522', '735027', '732826'],
    coordinates: [[14.43598,50.08309], [14.43386,50.0763], [14.44702,50.06486], [14.47245,50.06565], [14.48904,50.06478], [14.50331,50.06226], [14.53804,50.05493], [14.56564,50.04796], [14.59197,50.03344], [14.62612,50.01374], [14.64611,50.00555], [14.66331,49.99774], [14.65797,49.97022], [14.67826,49.94948], [14.70727,49.93243], [14.72087,49.90959], [14.71394,49.86847], [14.7023,49.86261], [14.70162,49.8505], [14.69797,49.83253], [14.68318,49.77874], [14.66712,49.742], [14.6595,49.72246], [14.65221,49.69839], [14.63164,49.68712], [14.62443,49.66761], [14.61963,49.63805], [14.60777,49.62879], [14.61104,49.56811], [14.61369,49.56028], [14.61526,49.55552], [14.6209,49.54398], [14.65442,49.53662], [14.66535,49.52752], [14.65958,49.50724], [14.66956,49.47216], [14.67576,49.43216], [14.66641,49.42721], [14.67646,49.41461], [14.69304,49.39303], [14.69732,49.37957], [14.70626,49.35395], [14.71994,49.32166], [14.73498,49.29864], [14.72582,49.25474], [14.7241,49.22429], [14.71667,49.19324], [14.6956,49.17699], [14.66607,49.1672], [14.62732,49.1452], [14.62241,49.14084], [14.60537,49.12564], [14.57449,49.09737], [14.52931,49.07861], [14.50588,49.05995], [14.48233,49.01959], [14.47959,49.00903], [14.47767,49.00403], [14.47952,48.99428], [14.48563,48.98228], [14.48881,48.97444]],
  },
  {
    code: 'D05',
    name: 'Praha – Ústí nad Labem – Děčín',
    category: 'main',
    stations: ['570762', '572560', '543967', '542571', '558593', '531798', '556597'],
    coordinates: [[14.43598,50.08309], [14.43471,50.08765], [14.43994,50.10063], [14.43971,50.11064], [14.42445,50.11026], [14.40481,50.10734], [14.39551,50.11235], [14.39458,50.13187], [14.396,50.14235], [14.39842,50.15966], [14.3651,50.16808], [14.3553,50.17917], [14.37271,50.18952], [14.3652,50.19916], [14.34846,50.22469], [14.31398,50.23841], [14.30255,50.26322], [14.30877,50.28356], [14.31675,50.302], [14.27599,50.35992], [14.25868,50.42164], [14.26518,50.42645], [14.2299,50.4577], [14.19427,50.47769], [14.17426,50.48512], [14.14839,50.49148], [14.12061,50.49718], [14.09222,50.50299], [14.07655,50.50615], [14.06935,50.51167], [14.05948,50.50968], [14.04513,50.52139], [14.05602,50.53892], [14.03328,50.55895], [14.0364,50.57304], [14.05339,50.59293], [14.04823,50.59687], [14.04925,50.63225], [14.04355,50.64478], [14.0486,50.65001], [14.05024,50.65512], [14.04408,50.65915], [14.08062,50.66426], [14.10695,50.67265], [14.12658,50.67853], [14.18608,50.72384], [14.18089,50.74719], [14.19657,50.76289], [14.2011,50.77346]],
  },
  {
    code: 'D06',
    name: 'Kolín – Havlíčkův Brod – Brno',
    category: 'main',
    stations: ['534149', '540146', '540443', '540831', '541334', '542134', '357376', '370155', '345751', '363952', '333153', '332957'],
    coordinates: [[15.2127,50.02583], [15.22423,50.01911], [15.223,50.01528], [15.23439,50.01134], [15.24723,50.00894], [15.29422,49.9813], [15.30146,49.96148], [15.32958,49.94179], [15.34118,49.93168], [15.39446,49.9177], [15.39461,49.91535], [15.44304,49.87254], [15.45216,49.85744], [15.46711,49.84306], [15.46804,49.83663], [15.43112,49.81101], [15.39847,49.72996], [15.42405,49.69026], [15.41791,49.67029], [15.43762,49.66273], [15.45619,49.65107], [15.48736,49.63068], [15.53909,49.61448], [15.57624,49.60126], [15.5889,49.59792], [15.60614,49.59913], [15.65781,49.60022], [15.682,49.59735], [15.71791,49.57901], [15.74391,49.5695], [15.77388,49.56636], [15.79864,49.55533], [15.84726,49.56278], [15.89682,49.56733], [15.93884,49.55393], [15.99188,49.49582], [16.01571,49.46873], [16.0539,49.43723], [16.08026,49.38513], [16.27066,49.33677], [16.30855,49.36512], [16.34655,49.35651], [16.41767,49.34732], [16.43715,49.33468], [16.46521,49.31998], [16.5348,49.30097], [16.56641,49.28487], [16.59035,49.25075], [16.5962,49.23149], [16.60203,49.22297], [16.61512,49.19323], [16.61105,49.18999]],
  },
  {
    code: 'D07',
    name: 'Pardubice – Hradec Králové – Liberec',
    category: 'main',
    stations: ['536136', '568907', '531202', '568006', '567701', '567404', '566406', '565903', '565820', '543009', '542126'],
    coordinates: [[15.75651,50.03168], [15.74274,50.04566], [15.74827,50.06196], [15.75256,50.09327], [15.75767,50.10448], [15.76984,50.13118], [15.78204,50.15286], [15.78906,50.16565], [15.8018,50.19063], [15.79812,50.20204], [15.81036,50.21459], [15.81975,50.22307], [15.81788,50.25229], [15.82456,50.27247], [15.84309,50.29267], [15.85782,50.29984], [15.86869,50.31099], [15.86956,50.31546], [15.87732,50.33152], [15.91073,50.34194], [15.91133,50.3571], [15.84813,50.40329], [15.79827,50.41372], [15.73299,50.45192], [15.52682,50.47953], [15.52308,50.48662], [15.5128,50.49422], [15.48563,50.51639], [15.4455,50.53357], [15.41731,50.55634], [15.40365,50.56883], [15.35207,50.58418], [15.324,50.60348], [15.26638,50.63986], [15.17136,50.60385], [15.13845,50.58718], [15.10188,50.60792], [15.09909,50.63663], [15.10077,50.66726], [15.10842,50.69432], [15.08651,50.70738], [15.05903,50.74108], [15.05558,50.74796], [15.05498,50.75708], [15.04632,50.76136]],
  },
  {
    code: 'D08',
    name: 'Přerov – Břeclav',
    category: 'main',
    stations: ['346627', '339853', '355750', '351858', '361451', '338459', '334250'],
    coordinates: [[17.4453,49.44711], [17.45191,49.43509], [17.45224,49.42411], [17.45257,49.41941], [17.45251,49.41475], [17.45402,49.37834], [17.45521,49.34995], [17.46783,49.32505], [17.47668,49.31606], [17.4913,49.2914], [17.50148,49.25379], [17.53089,49.20378], [17.5048,49.16207], [17.49457,49.14184], [17.46536,49.11519], [17.42315,49.07659], [17.39693,49.05259], [17.37558,49.03302], [17.34729,49.00706], [17.32975,48.99094], [17.31601,48.9783], [17.29027,48.96949], [17.26296,48.96907], [17.19823,48.89269], [17.17724,48.88267], [17.12558,48.86703], [17.12094,48.85576], [17.06218,48.82762], [17.02126,48.79931], [16.98131,48.78698], [16.93877,48.78381], [16.90648,48.76807], [16.89361,48.75438]],
  },
  {
    code: 'D09',
    name: 'Plzeň – České Budějovice',
    category: 'main',
    stations: ['732750', '739250', '738658', '761023', '733824', '733527', '733329', '733121', '732826'],
    coordinates: [[13.38931,49.7439], [13.40177,49.74107], [13.40764,49.73484], [13.41912,49.72282], [13.4412,49.70535], [13.4776,49.69535], [13.50423,49.66879], [13.51647,49.64226], [13.51735,49.60573], [13.5313,49.58177], [13.57382,49.5509], [13.59167,49.52513], [13.60881,49.49755], [13.61444,49.4818], [13.63053,49.46904], [13.61054,49.43826], [13.66586,49.36987], [13.68192,49.35755], [13.70155,49.34576], [13.73907,49.3314], [13.7544,49.32359], [13.77906,49.30512], [13.80088,49.28811], [13.82361,49.2692], [13.84909,49.25818], [13.91558,49.25504], [13.97646,49.25646], [14.01571,49.25156], [14.05689,49.24939], [14.10832,49.24466], [14.1362,49.23637], [14.16473,49.22381], [14.21183,49.21253], [14.22251,49.19642], [14.22374,49.18182], [14.2206,49.17261], [14.2215,49.15355], [14.26551,49.12488], [14.30121,49.10622], [14.32694,49.08952], [14.36165,49.06545], [14.38906,49.05689], [14.42032,49.03236], [14.43531,49.01878], [14.46853,49.01403], [14.47959,49.00903], [14.47767,49.00403], [14.47952,48.99428], [14.48508,48.98207], [14.48881,48.97444]],
  },
  {
    code: 'D10',
    name: 'Cheb – Karlovy Vary – Chomutov – Ústí nad Labem',
    category: 'main',
    stations: ['750356', '764555', '758755', '758557', '535195', '535492', '534891', '533992', '548198', '532895', '531798'],
    coordinates: [[12.38075,50.07366], [12.39972,50.11403], [12.47455,50.11497], [12.5196,50.12599], [12.56722,50.13968], [12.57767,50.13586], [12.60767,50.15397], [12.61562,50.16494], [12.61927,50.17644], [12.63014,50.18235], [12.64437,50.18605], [12.66702,50.18926], [12.67522,50.1893], [12.73276,50.19573], [12.75182,50.20376], [12.76376,50.23], [12.83132,50.22876], [12.86366,50.23035], [12.86667,50.23558], [12.88663,50.25464], [12.93785,50.28], [12.95805,50.3017], [13.01606,50.3074], [13.05972,50.34052], [13.08291,50.35945], [13.0931,50.35748], [13.11296,50.36752], [13.15586,50.36695], [13.19612,50.38506], [13.23495,50.39319], [13.25835,50.41136], [13.33075,50.44172], [13.36267,50.44572], [13.39242,50.44952], [13.39954,50.45677], [13.41109,50.46814], [13.4404,50.47936], [13.44756,50.48546], [13.45203,50.48822], [13.57131,50.50553], [13.57584,50.52199], [13.61882,50.52874], [13.65801,50.5115], [13.70131,50.51892], [13.70729,50.52195], [13.72499,50.52518], [13.75946,50.54042], [13.77214,50.55407], [13.77705,50.56445], [13.7865,50.57195], [13.77159,50.60147], [13.80087,50.64249], [13.82934,50.64653], [13.838,50.66096], [13.87259,50.67195], [13.8787,50.67236], [13.98437,50.65788], [13.98757,50.65172], [13.99714,50.65152], [14.01373,50.65339], [14.0191,50.65628], [14.0297,50.65815], [14.04408,50.65915]],
  },
  {
    code: 'D11',
    name: 'Olomouc – Šumperk',
    category: 'regional',
    stations: ['343624', '349423', '351122', '349720'],
    coordinates: [[17.27894,49.59148], [17.27887,49.60053], [17.2717,49.60687], [17.28118,49.63906], [17.28109,49.66249], [17.28477,49.68363], [17.28592,49.72056], [17.26875,49.74094], [17.23474,49.75867], [17.18667,49.77517], [17.14504,49.77753], [17.11578,49.77923], [17.07638,49.80437], [17.07626,49.81333], [17.06712,49.82553], [17.07109,49.83091], [17.07226,49.83541], [17.06187,49.8789], [17.03855,49.90802], [16.98249,49.96178]],
  },
  {
    code: 'D12',
    name: 'Brno – Jihlava',
    category: 'regional',
    stations: ['332957', '361857', '369157', '351759', '362251', '365551', '354456', '342154'],
    coordinates: [[16.61105,49.18999], [16.6073,49.18328], [16.60904,49.17981], [16.57227,49.16218], [16.54345,49.16529], [16.52706,49.16433], [16.50628,49.15652], [16.48416,49.15402], [16.44664,49.16113], [16.40785,49.1724], [16.38334,49.17893], [16.35797,49.18775], [16.30744,49.18243], [16.29238,49.17848], [16.27067,49.17925], [16.25736,49.18355], [16.20353,49.19231], [16.1469,49.20731], [16.13002,49.21238], [16.06932,49.22243], [16.03073,49.2163], [16.01729,49.21309], [15.98289,49.21177], [15.9636,49.21276], [15.8857,49.21143], [15.85229,49.20871], [15.77007,49.24792], [15.76346,49.28196], [15.7495,49.30559], [15.74439,49.31109], [15.65211,49.38941], [15.63125,49.40194], [15.59897,49.41591]],
  },
  {
    code: 'D13',
    name: 'Otrokovice – Zlín – Vizovice',
    category: 'regional',
    stations: ['355750', '337451', '337550', '368050'],
    coordinates: [[17.53089,49.20378], [17.5466,49.20045], [17.57432,49.2056], [17.58193,49.20709], [17.59966,49.2098], [17.61429,49.2126], [17.62367,49.21652], [17.64025,49.21983], [17.65851,49.22653], [17.67247,49.22925], [17.69113,49.22589], [17.71555,49.22092], [17.74428,49.21959], [17.76199,49.21652], [17.76961,49.21602], [17.80857,49.21579], [17.84326,49.2201]],
  },
];

// prettier-ignore
export const DEMO_PLACES: readonly DemoPlace[] = [
  { name: 'Praha', kind: 'capital', population: 1384732, district: 'Hlavní město Praha', region: 'Hlavní město Praha', latitude: 50.0875, longitude: 14.4214 },
  { name: 'Brno', kind: 'capital', population: 398510, district: 'Brno-město', region: 'Jihomoravský kraj', latitude: 49.1951, longitude: 16.6068 },
  { name: 'Ostrava', kind: 'capital', population: 283187, district: 'Ostrava-město', region: 'Moravskoslezský kraj', latitude: 49.8347, longitude: 18.2820 },
  { name: 'Plzeň', kind: 'capital', population: 183231, district: 'Plzeň-město', region: 'Plzeňský kraj', latitude: 49.7475, longitude: 13.3776 },
  { name: 'Liberec', kind: 'capital', population: 107982, district: 'Liberec', region: 'Liberecký kraj', latitude: 50.7671, longitude: 15.0562 },
  { name: 'Olomouc', kind: 'capital', population: 102293, district: 'Olomouc', region: 'Olomoucký kraj', latitude: 49.5938, longitude: 17.2509 },
  { name: 'České Budějovice', kind: 'capital', population: 97543, district: 'České Budějovice', region: 'Jihočeský kraj', latitude: 48.9745, longitude: 14.4743 },
  { name: 'Hradec Králové', kind: 'capital', population: 93906, district: 'Hradec Králové', region: 'Královéhradecký kraj', latitude: 50.2092, longitude: 15.8328 },
  { name: 'Ústí nad Labem', kind: 'capital', population: 91982, district: 'Ústí nad Labem', region: 'Ústecký kraj', latitude: 50.6607, longitude: 14.0323 },
  { name: 'Pardubice', kind: 'capital', population: 92319, district: 'Pardubice', region: 'Pardubický kraj', latitude: 50.0379, longitude: 15.7787 },
  { name: 'Zlín', kind: 'capital', population: 74997, district: 'Zlín', region: 'Zlínský kraj', latitude: 49.2265, longitude: 17.6707 },
  { name: 'Jihlava', kind: 'capital', population: 54466, district: 'Jihlava', region: 'Kraj Vysočina', latitude: 49.3961, longitude: 15.5912 },
  { name: 'Karlovy Vary', kind: 'capital', population: 47912, district: 'Karlovy Vary', region: 'Karlovarský kraj', latitude: 50.2304, longitude: 12.8711 },
  { name: 'Havířov', kind: 'city', population: 69793, district: 'Karviná', region: 'Moravskoslezský kraj', latitude: 49.7798, longitude: 18.4369 },
  { name: 'Kladno', kind: 'city', population: 69337, district: 'Kladno', region: 'Středočeský kraj', latitude: 50.1473, longitude: 14.1029 },
  { name: 'Most', kind: 'city', population: 64011, district: 'Most', region: 'Ústecký kraj', latitude: 50.5030, longitude: 13.6362 },
  { name: 'Opava', kind: 'city', population: 55600, district: 'Opava', region: 'Moravskoslezský kraj', latitude: 49.9387, longitude: 17.9026 },
  { name: 'Frýdek-Místek', kind: 'city', population: 54713, district: 'Frýdek-Místek', region: 'Moravskoslezský kraj', latitude: 49.6819, longitude: 18.3673 },
  { name: 'Karviná', kind: 'city', population: 50902, district: 'Karviná', region: 'Moravskoslezský kraj', latitude: 49.8540, longitude: 18.5417 },
  { name: 'Teplice', kind: 'city', population: 49640, district: 'Teplice', region: 'Ústecký kraj', latitude: 50.6404, longitude: 13.8245 },
  { name: 'Děčín', kind: 'city', population: 47250, district: 'Děčín', region: 'Ústecký kraj', latitude: 50.7821, longitude: 14.2148 },
  { name: 'Chomutov', kind: 'city', population: 46808, district: 'Chomutov', region: 'Ústecký kraj', latitude: 50.4605, longitude: 13.4178 },
  { name: 'Mladá Boleslav', kind: 'city', population: 45269, district: 'Mladá Boleslav', region: 'Středočeský kraj', latitude: 50.4114, longitude: 14.9032 },
  { name: 'Jablonec nad Nisou', kind: 'city', population: 45138, district: 'Jablonec nad Nisou', region: 'Liberecký kraj', latitude: 50.7243, longitude: 15.1711 },
  { name: 'Prostějov', kind: 'city', population: 43381, district: 'Prostějov', region: 'Olomoucký kraj', latitude: 49.4719, longitude: 17.1118 },
  { name: 'Přerov', kind: 'city', population: 41480, district: 'Přerov', region: 'Olomoucký kraj', latitude: 49.4552, longitude: 17.4509 },
  { name: 'Česká Lípa', kind: 'town', population: 36860, district: 'Česká Lípa', region: 'Liberecký kraj', latitude: 50.6856, longitude: 14.5377 },
  { name: 'Třebíč', kind: 'town', population: 34673, district: 'Třebíč', region: 'Kraj Vysočina', latitude: 49.2148, longitude: 15.8817 },
  { name: 'Třinec', kind: 'town', population: 34403, district: 'Frýdek-Místek', region: 'Moravskoslezský kraj', latitude: 49.6776, longitude: 18.6708 },
  { name: 'Tábor', kind: 'town', population: 34117, district: 'Tábor', region: 'Jihočeský kraj', latitude: 49.4144, longitude: 14.6578 },
  { name: 'Znojmo', kind: 'town', population: 33786, district: 'Znojmo', region: 'Jihomoravský kraj', latitude: 48.8555, longitude: 16.0488 },
  { name: 'Kolín', kind: 'town', population: 33283, district: 'Kolín', region: 'Středočeský kraj', latitude: 50.0281, longitude: 15.2005 },
  { name: 'Příbram', kind: 'town', population: 32913, district: 'Příbram', region: 'Středočeský kraj', latitude: 49.6899, longitude: 14.0104 },
  { name: 'Cheb', kind: 'town', population: 31911, district: 'Cheb', region: 'Karlovarský kraj', latitude: 50.0796, longitude: 12.3739 },
  { name: 'Písek', kind: 'town', population: 30527, district: 'Písek', region: 'Jihočeský kraj', latitude: 49.3088, longitude: 14.1475 },
  { name: 'Trutnov', kind: 'town', population: 29828, district: 'Trutnov', region: 'Královéhradecký kraj', latitude: 50.5610, longitude: 15.9127 },
  { name: 'Orlová', kind: 'town', population: 27923, district: 'Karviná', region: 'Moravskoslezský kraj', latitude: 49.8453, longitude: 18.4302 },
  { name: 'Kroměříž', kind: 'town', population: 28358, district: 'Kroměříž', region: 'Zlínský kraj', latitude: 49.2979, longitude: 17.3931 },
  { name: 'Vsetín', kind: 'town', population: 25400, district: 'Vsetín', region: 'Zlínský kraj', latitude: 49.3387, longitude: 17.9962 },
  { name: 'Šumperk', kind: 'town', population: 25500, district: 'Šumperk', region: 'Olomoucký kraj', latitude: 49.9653, longitude: 16.9706 },
  { name: 'Uherské Hradiště', kind: 'town', population: 24800, district: 'Uherské Hradiště', region: 'Zlínský kraj', latitude: 49.0698, longitude: 17.4597 },
  { name: 'Břeclav', kind: 'town', population: 24300, district: 'Břeclav', region: 'Jihomoravský kraj', latitude: 48.7590, longitude: 16.8820 },
  { name: 'Hodonín', kind: 'town', population: 24400, district: 'Hodonín', region: 'Jihomoravský kraj', latitude: 48.8489, longitude: 17.1324 },
  { name: 'Český Těšín', kind: 'town', population: 24100, district: 'Karviná', region: 'Moravskoslezský kraj', latitude: 49.7461, longitude: 18.6261 },
  { name: 'Havlíčkův Brod', kind: 'town', population: 23600, district: 'Havlíčkův Brod', region: 'Kraj Vysočina', latitude: 49.6079, longitude: 15.5807 },
  { name: 'Litoměřice', kind: 'town', population: 23500, district: 'Litoměřice', region: 'Ústecký kraj', latitude: 50.5335, longitude: 14.1318 },
  { name: 'Nový Jičín', kind: 'town', population: 23300, district: 'Nový Jičín', region: 'Moravskoslezský kraj', latitude: 49.5944, longitude: 18.0103 },
  { name: 'Chrudim', kind: 'town', population: 23200, district: 'Chrudim', region: 'Pardubický kraj', latitude: 49.9511, longitude: 15.7956 },
  { name: 'Krnov', kind: 'town', population: 23100, district: 'Bruntál', region: 'Moravskoslezský kraj', latitude: 50.0897, longitude: 17.7039 },
  { name: 'Litvínov', kind: 'town', population: 23600, district: 'Most', region: 'Ústecký kraj', latitude: 50.6004, longitude: 13.6111 },
  { name: 'Sokolov', kind: 'town', population: 22400, district: 'Sokolov', region: 'Karlovarský kraj', latitude: 50.1813, longitude: 12.6401 },
  { name: 'Strakonice', kind: 'town', population: 22500, district: 'Strakonice', region: 'Jihočeský kraj', latitude: 49.2614, longitude: 13.9024 },
  { name: 'Valašské Meziříčí', kind: 'town', population: 22000, district: 'Vsetín', region: 'Zlínský kraj', latitude: 49.4718, longitude: 17.9712 },
  { name: 'Klatovy', kind: 'town', population: 22300, district: 'Klatovy', region: 'Plzeňský kraj', latitude: 49.3955, longitude: 13.2951 },
  { name: 'Kopřivnice', kind: 'town', population: 21700, district: 'Nový Jičín', region: 'Moravskoslezský kraj', latitude: 49.5994, longitude: 18.1448 },
  { name: 'Jindřichův Hradec', kind: 'town', population: 20900, district: 'Jindřichův Hradec', region: 'Jihočeský kraj', latitude: 49.1440, longitude: 15.0030 },
  { name: 'Bohumín', kind: 'town', population: 20400, district: 'Karviná', region: 'Moravskoslezský kraj', latitude: 49.9041, longitude: 18.3576 },
  { name: 'Žďár nad Sázavou', kind: 'town', population: 20400, district: 'Žďár nad Sázavou', region: 'Kraj Vysočina', latitude: 49.5627, longitude: 15.9393 },
  { name: 'Vyškov', kind: 'town', population: 20100, district: 'Vyškov', region: 'Jihomoravský kraj', latitude: 49.2775, longitude: 16.9990 },
  { name: 'Blansko', kind: 'town', population: 20100, district: 'Blansko', region: 'Jihomoravský kraj', latitude: 49.3630, longitude: 16.6442 },
  { name: 'Náchod', kind: 'town', population: 19400, district: 'Náchod', region: 'Královéhradecký kraj', latitude: 50.4167, longitude: 16.1629 },
  { name: 'Brandýs nad Labem-Stará Boleslav', kind: 'town', population: 19500, district: 'Praha-východ', region: 'Středočeský kraj', latitude: 50.1871, longitude: 14.6633 },
  { name: 'Jirkov', kind: 'town', population: 18500, district: 'Chomutov', region: 'Ústecký kraj', latitude: 50.4999, longitude: 13.4478 },
  { name: 'Žatec', kind: 'town', population: 19200, district: 'Louny', region: 'Ústecký kraj', latitude: 50.3272, longitude: 13.5458 },
  { name: 'Kralupy nad Vltavou', kind: 'town', population: 18500, district: 'Mělník', region: 'Středočeský kraj', latitude: 50.2411, longitude: 14.3115 },
  { name: 'Louny', kind: 'town', population: 18200, district: 'Louny', region: 'Ústecký kraj', latitude: 50.3570, longitude: 13.7967 },
  { name: 'Kadaň', kind: 'town', population: 17600, district: 'Chomutov', region: 'Ústecký kraj', latitude: 50.3760, longitude: 13.2713 },
  { name: 'Hranice', kind: 'town', population: 17800, district: 'Přerov', region: 'Olomoucký kraj', latitude: 49.5480, longitude: 17.7347 },
  { name: 'Otrokovice', kind: 'town', population: 17500, district: 'Zlín', region: 'Zlínský kraj', latitude: 49.2098, longitude: 17.5308 },
  { name: 'Benešov', kind: 'town', population: 17200, district: 'Benešov', region: 'Středočeský kraj', latitude: 49.7816, longitude: 14.6870 },
  { name: 'Říčany', kind: 'town', population: 17300, district: 'Praha-východ', region: 'Středočeský kraj', latitude: 49.9917, longitude: 14.6543 },
  { name: 'Slaný', kind: 'town', population: 17100, district: 'Kladno', region: 'Středočeský kraj', latitude: 50.2305, longitude: 14.0869 },
  { name: 'Mělník', kind: 'town', population: 19800, district: 'Mělník', region: 'Středočeský kraj', latitude: 50.3505, longitude: 14.4741 },
  { name: 'Beroun', kind: 'town', population: 20000, district: 'Beroun', region: 'Středočeský kraj', latitude: 49.9638, longitude: 14.0720 },
  { name: 'Pelhřimov', kind: 'town', population: 15900, district: 'Pelhřimov', region: 'Kraj Vysočina', latitude: 49.4313, longitude: 15.2234 },
  { name: 'Ústí nad Orlicí', kind: 'town', population: 14100, district: 'Ústí nad Orlicí', region: 'Pardubický kraj', latitude: 49.9739, longitude: 16.3936 },
  { name: 'Rožnov pod Radhoštěm', kind: 'town', population: 16400, district: 'Vsetín', region: 'Zlínský kraj', latitude: 49.4585, longitude: 18.1430 },
  { name: 'Uherský Brod', kind: 'town', population: 16300, district: 'Uherské Hradiště', region: 'Zlínský kraj', latitude: 49.0251, longitude: 17.6471 },
  { name: 'Jičín', kind: 'town', population: 16300, district: 'Jičín', region: 'Královéhradecký kraj', latitude: 50.4373, longitude: 15.3517 },
  { name: 'Svitavy', kind: 'town', population: 16800, district: 'Svitavy', region: 'Pardubický kraj', latitude: 49.7559, longitude: 16.4683 },
  { name: 'Nymburk', kind: 'town', population: 15300, district: 'Nymburk', region: 'Středočeský kraj', latitude: 50.1861, longitude: 15.0417 },
  { name: 'Česká Třebová', kind: 'town', population: 14900, district: 'Ústí nad Orlicí', region: 'Pardubický kraj', latitude: 49.9019, longitude: 16.4472 },
  { name: 'Neratovice', kind: 'town', population: 16800, district: 'Mělník', region: 'Středočeský kraj', latitude: 50.2593, longitude: 14.5176 },
  { name: 'Poděbrady', kind: 'town', population: 14600, district: 'Nymburk', region: 'Středočeský kraj', latitude: 50.1424, longitude: 15.1188 },
  { name: 'Dvůr Králové nad Labem', kind: 'town', population: 15600, district: 'Trutnov', region: 'Královéhradecký kraj', latitude: 50.4317, longitude: 15.8141 },
  { name: 'Rakovník', kind: 'town', population: 15900, district: 'Rakovník', region: 'Středočeský kraj', latitude: 50.1037, longitude: 13.7334 },
  { name: 'Kutná Hora', kind: 'town', population: 21400, district: 'Kutná Hora', region: 'Středočeský kraj', latitude: 49.9484, longitude: 15.2682 },
  { name: 'Varnsdorf', kind: 'town', population: 15000, district: 'Děčín', region: 'Ústecký kraj', latitude: 50.9116, longitude: 14.6181 },
  { name: 'Bruntál', kind: 'town', population: 15900, district: 'Bruntál', region: 'Moravskoslezský kraj', latitude: 49.9884, longitude: 17.4647 },
  { name: 'Prachatice', kind: 'town', population: 10600, district: 'Prachatice', region: 'Jihočeský kraj', latitude: 49.0130, longitude: 13.9975 },
  { name: 'Český Krumlov', kind: 'town', population: 12900, district: 'Český Krumlov', region: 'Jihočeský kraj', latitude: 48.8127, longitude: 14.3175 },
  { name: 'Rychnov nad Kněžnou', kind: 'town', population: 10900, district: 'Rychnov nad Kněžnou', region: 'Královéhradecký kraj', latitude: 50.1629, longitude: 16.2750 },
  { name: 'Semily', kind: 'town', population: 8300, district: 'Semily', region: 'Liberecký kraj', latitude: 50.6020, longitude: 15.3356 },
  { name: 'Domažlice', kind: 'town', population: 11300, district: 'Domažlice', region: 'Plzeňský kraj', latitude: 49.4405, longitude: 12.9298 },
  { name: 'Tachov', kind: 'town', population: 12300, district: 'Tachov', region: 'Plzeňský kraj', latitude: 49.7953, longitude: 12.6337 },
  { name: 'Rokycany', kind: 'town', population: 15000, district: 'Rokycany', region: 'Plzeňský kraj', latitude: 49.7427, longitude: 13.5946 },
  { name: 'Jeseník', kind: 'town', population: 10600, district: 'Jeseník', region: 'Olomoucký kraj', latitude: 50.2294, longitude: 17.2046 },
  { name: 'Hlučín', kind: 'town', population: 13900, district: 'Opava', region: 'Moravskoslezský kraj', latitude: 49.8979, longitude: 18.1920 },
  { name: 'Mariánské Lázně', kind: 'town', population: 12900, district: 'Cheb', region: 'Karlovarský kraj', latitude: 49.9646, longitude: 12.7013 },
  { name: 'Ostrov', kind: 'town', population: 16500, district: 'Karlovy Vary', region: 'Karlovarský kraj', latitude: 50.3060, longitude: 12.9392 },
  { name: 'Chodov', kind: 'town', population: 13400, district: 'Sokolov', region: 'Karlovarský kraj', latitude: 50.2412, longitude: 12.7470 },
  { name: 'Aš', kind: 'town', population: 13000, district: 'Cheb', region: 'Karlovarský kraj', latitude: 50.2239, longitude: 12.1950 },
  { name: 'Bílina', kind: 'town', population: 15100, district: 'Teplice', region: 'Ústecký kraj', latitude: 50.5485, longitude: 13.7756 },
  { name: 'Roudnice nad Labem', kind: 'town', population: 12900, district: 'Litoměřice', region: 'Ústecký kraj', latitude: 50.4253, longitude: 14.2615 },
  { name: 'Lovosice', kind: 'town', population: 8800, district: 'Litoměřice', region: 'Ústecký kraj', latitude: 50.5150, longitude: 14.0510 },
  { name: 'Rumburk', kind: 'town', population: 10900, district: 'Děčín', region: 'Ústecký kraj', latitude: 50.9516, longitude: 14.5570 },
  { name: 'Turnov', kind: 'town', population: 14300, district: 'Semily', region: 'Liberecký kraj', latitude: 50.5874, longitude: 15.1569 },
  { name: 'Nový Bor', kind: 'town', population: 11700, district: 'Česká Lípa', region: 'Liberecký kraj', latitude: 50.7576, longitude: 14.5557 },
  { name: 'Jaroměř', kind: 'town', population: 12300, district: 'Náchod', region: 'Královéhradecký kraj', latitude: 50.3562, longitude: 15.9214 },
  { name: 'Vrchlabí', kind: 'town', population: 12200, district: 'Trutnov', region: 'Královéhradecký kraj', latitude: 50.6270, longitude: 15.6094 },
  { name: 'Hořice', kind: 'town', population: 8400, district: 'Jičín', region: 'Královéhradecký kraj', latitude: 50.3660, longitude: 15.6318 },
  { name: 'Nové Město nad Metují', kind: 'town', population: 9500, district: 'Náchod', region: 'Královéhradecký kraj', latitude: 50.3446, longitude: 16.1515 },
  { name: 'Litomyšl', kind: 'town', population: 10000, district: 'Svitavy', region: 'Pardubický kraj', latitude: 49.8687, longitude: 16.3131 },
  { name: 'Polička', kind: 'town', population: 8700, district: 'Svitavy', region: 'Pardubický kraj', latitude: 49.7146, longitude: 16.2654 },
  { name: 'Lanškroun', kind: 'town', population: 9800, district: 'Ústí nad Orlicí', region: 'Pardubický kraj', latitude: 49.9122, longitude: 16.6119 },
  { name: 'Vysoké Mýto', kind: 'town', population: 12400, district: 'Ústí nad Orlicí', region: 'Pardubický kraj', latitude: 49.9532, longitude: 16.1617 },
  { name: 'Choceň', kind: 'town', population: 8700, district: 'Ústí nad Orlicí', region: 'Pardubický kraj', latitude: 49.9973, longitude: 16.2230 },
  { name: 'Přelouč', kind: 'town', population: 9000, district: 'Pardubice', region: 'Pardubický kraj', latitude: 50.0399, longitude: 15.5604 },
  { name: 'Hlinsko', kind: 'town', population: 9600, district: 'Chrudim', region: 'Pardubický kraj', latitude: 49.7622, longitude: 15.9075 },
  { name: 'Moravská Třebová', kind: 'town', population: 9900, district: 'Svitavy', region: 'Pardubický kraj', latitude: 49.7579, longitude: 16.6640 },
  { name: 'Humpolec', kind: 'town', population: 11000, district: 'Pelhřimov', region: 'Kraj Vysočina', latitude: 49.5415, longitude: 15.3594 },
  { name: 'Velké Meziříčí', kind: 'town', population: 11500, district: 'Žďár nad Sázavou', region: 'Kraj Vysočina', latitude: 49.3552, longitude: 16.0123 },
  { name: 'Nové Město na Moravě', kind: 'town', population: 10000, district: 'Žďár nad Sázavou', region: 'Kraj Vysočina', latitude: 49.5614, longitude: 16.0742 },
  { name: 'Světlá nad Sázavou', kind: 'town', population: 6700, district: 'Havlíčkův Brod', region: 'Kraj Vysočina', latitude: 49.6681, longitude: 15.4040 },
  { name: 'Čáslav', kind: 'town', population: 10200, district: 'Kutná Hora', region: 'Středočeský kraj', latitude: 49.9110, longitude: 15.3898 },
  { name: 'Kuřim', kind: 'town', population: 11300, district: 'Brno-venkov', region: 'Jihomoravský kraj', latitude: 49.2985, longitude: 16.5315 },
  { name: 'Tišnov', kind: 'town', population: 9300, district: 'Brno-venkov', region: 'Jihomoravský kraj', latitude: 49.3487, longitude: 16.4244 },
  { name: 'Boskovice', kind: 'town', population: 11800, district: 'Blansko', region: 'Jihomoravský kraj', latitude: 49.4875, longitude: 16.6600 },
  { name: 'Kyjov', kind: 'town', population: 10700, district: 'Hodonín', region: 'Jihomoravský kraj', latitude: 49.0102, longitude: 17.1225 },
  { name: 'Veselí nad Moravou', kind: 'town', population: 10700, district: 'Hodonín', region: 'Jihomoravský kraj', latitude: 48.9536, longitude: 17.3765 },
  { name: 'Hustopeče', kind: 'town', population: 6100, district: 'Břeclav', region: 'Jihomoravský kraj', latitude: 48.9409, longitude: 16.7376 },
  { name: 'Mikulov', kind: 'town', population: 7400, district: 'Břeclav', region: 'Jihomoravský kraj', latitude: 48.8056, longitude: 16.6378 },
  { name: 'Ivančice', kind: 'town', population: 10000, district: 'Brno-venkov', region: 'Jihomoravský kraj', latitude: 49.1015, longitude: 16.3775 },
  { name: 'Šternberk', kind: 'town', population: 13400, district: 'Olomouc', region: 'Olomoucký kraj', latitude: 49.7305, longitude: 17.2989 },
  { name: 'Uničov', kind: 'town', population: 11000, district: 'Olomouc', region: 'Olomoucký kraj', latitude: 49.7709, longitude: 17.1215 },
  { name: 'Zábřeh', kind: 'town', population: 13400, district: 'Šumperk', region: 'Olomoucký kraj', latitude: 49.8826, longitude: 16.8721 },
  { name: 'Mohelnice', kind: 'town', population: 9200, district: 'Šumperk', region: 'Olomoucký kraj', latitude: 49.7770, longitude: 16.9195 },
  { name: 'Lipník nad Bečvou', kind: 'town', population: 8000, district: 'Přerov', region: 'Olomoucký kraj', latitude: 49.5273, longitude: 17.5860 },
  { name: 'Holešov', kind: 'town', population: 11500, district: 'Kroměříž', region: 'Zlínský kraj', latitude: 49.3333, longitude: 17.5783 },
  { name: 'Bystřice pod Hostýnem', kind: 'town', population: 8100, district: 'Kroměříž', region: 'Zlínský kraj', latitude: 49.3990, longitude: 17.6740 },
  { name: 'Vizovice', kind: 'town', population: 4700, district: 'Zlín', region: 'Zlínský kraj', latitude: 49.2226, longitude: 17.8545 },
  { name: 'Frenštát pod Radhoštěm', kind: 'town', population: 10800, district: 'Nový Jičín', region: 'Moravskoslezský kraj', latitude: 49.5483, longitude: 18.2108 },
  { name: 'Studénka', kind: 'town', population: 9500, district: 'Nový Jičín', region: 'Moravskoslezský kraj', latitude: 49.7234, longitude: 18.0785 },
  { name: 'Bílovec', kind: 'town', population: 7700, district: 'Nový Jičín', region: 'Moravskoslezský kraj', latitude: 49.7564, longitude: 18.0158 },
  { name: 'Sušice', kind: 'town', population: 10800, district: 'Klatovy', region: 'Plzeňský kraj', latitude: 49.2311, longitude: 13.5202 },
  { name: 'Vimperk', kind: 'town', population: 7300, district: 'Prachatice', region: 'Jihočeský kraj', latitude: 49.0524, longitude: 13.7829 },
  { name: 'Třeboň', kind: 'town', population: 8300, district: 'Jindřichův Hradec', region: 'Jihočeský kraj', latitude: 49.0037, longitude: 14.7706 },
  { name: 'Veselí nad Lužnicí', kind: 'town', population: 6300, district: 'Tábor', region: 'Jihočeský kraj', latitude: 49.1843, longitude: 14.6974 },
  { name: 'Soběslav', kind: 'town', population: 6900, district: 'Tábor', region: 'Jihočeský kraj', latitude: 49.2599, longitude: 14.7186 },
  { name: 'Sezimovo Ústí', kind: 'town', population: 7100, district: 'Tábor', region: 'Jihočeský kraj', latitude: 49.3853, longitude: 14.6847 },
  { name: 'Čelákovice', kind: 'town', population: 12800, district: 'Praha-východ', region: 'Středočeský kraj', latitude: 50.1604, longitude: 14.7501 },
  { name: 'Úvaly', kind: 'town', population: 7400, district: 'Praha-východ', region: 'Středočeský kraj', latitude: 50.0739, longitude: 14.7309 },
  { name: 'Český Brod', kind: 'town', population: 7400, district: 'Kolín', region: 'Středočeský kraj', latitude: 50.0742, longitude: 14.8609 },
  { name: 'Hořovice', kind: 'town', population: 7000, district: 'Beroun', region: 'Středočeský kraj', latitude: 49.8359, longitude: 13.9027 },
  { name: 'Stříbro', kind: 'town', population: 7600, district: 'Tachov', region: 'Plzeňský kraj', latitude: 49.7530, longitude: 12.9971 },
  { name: 'Velim', kind: 'village', population: 3200, district: 'Kolín', region: 'Středočeský kraj', latitude: 50.0596, longitude: 15.1148 },
  { name: 'Stéblová', kind: 'village', population: 500, district: 'Pardubice', region: 'Pardubický kraj', latitude: 50.1032, longitude: 15.7488 },
  { name: 'Ševětín', kind: 'village', population: 1400, district: 'České Budějovice', region: 'Jihočeský kraj', latitude: 49.0990, longitude: 14.5720 },
  { name: 'Vranovice', kind: 'village', population: 2300, district: 'Brno-venkov', region: 'Jihomoravský kraj', latitude: 48.9664, longitude: 16.6073 },
  { name: 'Šakvice', kind: 'village', population: 1300, district: 'Břeclav', region: 'Jihomoravský kraj', latitude: 48.8982, longitude: 16.7131 },
  { name: 'Olbramovice', kind: 'village', population: 1200, district: 'Benešov', region: 'Středočeský kraj', latitude: 49.6710, longitude: 14.6347 },
  { name: 'Střelice', kind: 'village', population: 3200, district: 'Brno-venkov', region: 'Jihomoravský kraj', latitude: 49.1524, longitude: 16.5018 },
  { name: 'Dívčice', kind: 'village', population: 400, district: 'České Budějovice', region: 'Jihočeský kraj', latitude: 49.1067, longitude: 14.3097 },
  { name: 'Studenec', kind: 'village', population: 800, district: 'Třebíč', region: 'Kraj Vysočina', latitude: 49.2070, longitude: 16.0600 },
  { name: 'Okříšky', kind: 'village', population: 2100, district: 'Třebíč', region: 'Kraj Vysočina', latitude: 49.2456, longitude: 15.7702 },
  { name: 'Křižanov', kind: 'village', population: 1900, district: 'Žďár nad Sázavou', region: 'Kraj Vysočina', latitude: 49.3883, longitude: 16.1100 },
  { name: 'Přibyslav', kind: 'town', population: 4000, district: 'Havlíčkův Brod', region: 'Kraj Vysočina', latitude: 49.5767, longitude: 15.7386 },
];

/** Streets of the demo address points: house numbers are spread along [from, to]. */
// prettier-ignore
export const DEMO_STREETS: readonly DemoStreet[] = [
  { town: 'Praha', part: 'Nové Město', postcode: '110 00', street: 'Wilsonova', from: [50.0866, 14.4338], to: [50.0788, 14.4358], jpoId: 101, jpoName: 'HZS hl. m. Prahy – stanice Sokolská', district: 'Hlavní město Praha', region: 'Hlavní město Praha' },
  { town: 'Praha', part: 'Nové Město', postcode: '110 00', street: 'Václavské náměstí', from: [50.0849, 14.4248], to: [50.0795, 14.4300], jpoId: 101, jpoName: 'HZS hl. m. Prahy – stanice Sokolská', district: 'Hlavní město Praha', region: 'Hlavní město Praha' },
  { town: 'Praha', part: 'Nové Město', postcode: '120 00', street: 'Sokolská', from: [50.0758, 14.4318], to: [50.0686, 14.4292], jpoId: 101, jpoName: 'HZS hl. m. Prahy – stanice Sokolská', district: 'Hlavní město Praha', region: 'Hlavní město Praha' },
  { town: 'Praha', part: 'Nové Město', postcode: '110 00', street: 'Opletalova', from: [50.0833, 14.4310], to: [50.0814, 14.4268], jpoId: 101, jpoName: 'HZS hl. m. Prahy – stanice Sokolská', district: 'Hlavní město Praha', region: 'Hlavní město Praha' },
  { town: 'Praha', part: 'Vinohrady', postcode: '120 00', street: 'Vinohradská', from: [50.0780, 14.4380], to: [50.0776, 14.4600], jpoId: 102, jpoName: 'HZS hl. m. Prahy – stanice Vinohrady', district: 'Hlavní město Praha', region: 'Hlavní město Praha' },
  { town: 'Praha', part: 'Žižkov', postcode: '130 00', street: 'Seifertova', from: [50.0853, 14.4402], to: [50.0843, 14.4530], jpoId: 102, jpoName: 'HZS hl. m. Prahy – stanice Vinohrady', district: 'Hlavní město Praha', region: 'Hlavní město Praha' },
  { town: 'Praha', part: 'Žižkov', postcode: '130 00', street: 'Husitská', from: [50.0877, 14.4442], to: [50.0884, 14.4560], jpoId: 102, jpoName: 'HZS hl. m. Prahy – stanice Vinohrady', district: 'Hlavní město Praha', region: 'Hlavní město Praha' },
  { town: 'Praha', part: 'Karlín', postcode: '186 00', street: 'Sokolovská', from: [50.0922, 14.4410], to: [50.0995, 14.4760], jpoId: 103, jpoName: 'HZS hl. m. Prahy – stanice Karlín', district: 'Hlavní město Praha', region: 'Hlavní město Praha' },
  { town: 'Praha', part: 'Libeň', postcode: '190 00', street: 'Českomoravská', from: [50.1020, 14.4930], to: [50.1040, 14.5010], jpoId: 103, jpoName: 'HZS hl. m. Prahy – stanice Karlín', district: 'Hlavní město Praha', region: 'Hlavní město Praha' },
  { town: 'Praha', part: 'Holešovice', postcode: '170 00', street: 'Bubenská', from: [50.0992, 14.4388], to: [50.1045, 14.4386], jpoId: 104, jpoName: 'HZS hl. m. Prahy – stanice Holešovice', district: 'Hlavní město Praha', region: 'Hlavní město Praha' },
  { town: 'Praha', part: 'Holešovice', postcode: '170 00', street: 'Plynární', from: [50.1062, 14.4425], to: [50.1098, 14.4405], jpoId: 104, jpoName: 'HZS hl. m. Prahy – stanice Holešovice', district: 'Hlavní město Praha', region: 'Hlavní město Praha' },
  { town: 'Praha', part: 'Smíchov', postcode: '150 00', street: 'Nádražní', from: [50.0698, 14.4057], to: [50.0578, 14.4077], jpoId: 105, jpoName: 'HZS hl. m. Prahy – stanice Smíchov', district: 'Hlavní město Praha', region: 'Hlavní město Praha' },
  { town: 'Praha', part: 'Smíchov', postcode: '150 00', street: 'Plzeňská', from: [50.0712, 14.4018], to: [50.0690, 14.3830], jpoId: 105, jpoName: 'HZS hl. m. Prahy – stanice Smíchov', district: 'Hlavní město Praha', region: 'Hlavní město Praha' },
  { town: 'Praha', part: 'Vršovice', postcode: '101 00', street: 'Kodaňská', from: [50.0702, 14.4512], to: [50.0692, 14.4668], jpoId: 106, jpoName: 'HZS hl. m. Prahy – stanice Strašnice', district: 'Hlavní město Praha', region: 'Hlavní město Praha' },
  { town: 'Praha', part: 'Hostivař', postcode: '102 00', street: 'Švehlova', from: [50.0602, 14.5282], to: [50.0553, 14.5372], jpoId: 106, jpoName: 'HZS hl. m. Prahy – stanice Strašnice', district: 'Hlavní město Praha', region: 'Hlavní město Praha' },
  { town: 'Brno', part: 'Brno-město', postcode: '602 00', street: 'Nádražní', from: [49.1906, 16.6100], to: [49.1922, 16.6160], jpoId: 201, jpoName: 'HZS JMK – stanice Brno-Lidická', district: 'Brno-město', region: 'Jihomoravský kraj' },
  { town: 'Brno', part: 'Brno-město', postcode: '602 00', street: 'Masarykova', from: [49.1917, 16.6112], to: [49.1950, 16.6092], jpoId: 201, jpoName: 'HZS JMK – stanice Brno-Lidická', district: 'Brno-město', region: 'Jihomoravský kraj' },
  { town: 'Brno', part: 'Trnitá', postcode: '602 00', street: 'Křenová', from: [49.1912, 16.6182], to: [49.1880, 16.6300], jpoId: 201, jpoName: 'HZS JMK – stanice Brno-Lidická', district: 'Brno-město', region: 'Jihomoravský kraj' },
  { town: 'Brno', part: 'Veveří', postcode: '602 00', street: 'Kounicova', from: [49.2010, 16.6022], to: [49.2080, 16.5972], jpoId: 201, jpoName: 'HZS JMK – stanice Brno-Lidická', district: 'Brno-město', region: 'Jihomoravský kraj' },
  { town: 'Brno', part: 'Černá Pole', postcode: '602 00', street: 'Lidická', from: [49.2022, 16.6082], to: [49.2110, 16.6062], jpoId: 201, jpoName: 'HZS JMK – stanice Brno-Lidická', district: 'Brno-město', region: 'Jihomoravský kraj' },
  { town: 'Brno', part: 'Zábrdovice', postcode: '602 00', street: 'Cejl', from: [49.1990, 16.6162], to: [49.2002, 16.6290], jpoId: 202, jpoName: 'HZS JMK – stanice Brno-Líšeň', district: 'Brno-město', region: 'Jihomoravský kraj' },
  { town: 'Brno', part: 'Štýřice', postcode: '639 00', street: 'Vídeňská', from: [49.1850, 16.6062], to: [49.1742, 16.6002], jpoId: 203, jpoName: 'HZS JMK – stanice Brno-Bohunice', district: 'Brno-město', region: 'Jihomoravský kraj' },
  { town: 'Brno', part: 'Královo Pole', postcode: '612 00', street: 'Palackého třída', from: [49.2140, 16.5982], to: [49.2305, 16.5945], jpoId: 201, jpoName: 'HZS JMK – stanice Brno-Lidická', district: 'Brno-město', region: 'Jihomoravský kraj' },
  { town: 'Ostrava', part: 'Přívoz', postcode: '702 00', street: 'Nádražní', from: [49.8382, 18.2880], to: [49.8498, 18.2692], jpoId: 301, jpoName: 'HZS MSK – stanice Ostrava-Fifejdy', district: 'Ostrava-město', region: 'Moravskoslezský kraj' },
  { town: 'Ostrava', part: 'Moravská Ostrava', postcode: '702 00', street: '28. října', from: [49.8346, 18.2868], to: [49.8302, 18.2510], jpoId: 301, jpoName: 'HZS MSK – stanice Ostrava-Fifejdy', district: 'Ostrava-město', region: 'Moravskoslezský kraj' },
  { town: 'Ostrava', part: 'Moravská Ostrava', postcode: '702 00', street: 'Stodolní', from: [49.8380, 18.2830], to: [49.8410, 18.2815], jpoId: 301, jpoName: 'HZS MSK – stanice Ostrava-Fifejdy', district: 'Ostrava-město', region: 'Moravskoslezský kraj' },
  { town: 'Ostrava', part: 'Svinov', postcode: '721 00', street: 'Peterkova', from: [49.8205, 18.2130], to: [49.8190, 18.2035], jpoId: 302, jpoName: 'HZS MSK – stanice Ostrava-Poruba', district: 'Ostrava-město', region: 'Moravskoslezský kraj' },
  { town: 'Ostrava', part: 'Poruba', postcode: '708 00', street: 'Opavská', from: [49.8215, 18.2050], to: [49.8290, 18.1800], jpoId: 302, jpoName: 'HZS MSK – stanice Ostrava-Poruba', district: 'Ostrava-město', region: 'Moravskoslezský kraj' },
  { town: 'Ostrava', part: 'Zábřeh', postcode: '700 30', street: 'Výškovická', from: [49.7960, 18.2500], to: [49.7885, 18.2230], jpoId: 303, jpoName: 'HZS MSK – stanice Ostrava-Zábřeh', district: 'Ostrava-město', region: 'Moravskoslezský kraj' },
  { town: 'Plzeň', part: 'Východní Předměstí', postcode: '301 00', street: 'Americká', from: [49.7440, 13.3782], to: [49.7432, 13.3895], jpoId: 401, jpoName: 'HZS PK – stanice Plzeň-Slovany', district: 'Plzeň-město', region: 'Plzeňský kraj' },
  { town: 'Plzeň', part: 'Jižní Předměstí', postcode: '301 00', street: 'Klatovská třída', from: [49.7428, 13.3742], to: [49.7255, 13.3702], jpoId: 401, jpoName: 'HZS PK – stanice Plzeň-Slovany', district: 'Plzeň-město', region: 'Plzeňský kraj' },
  { town: 'Plzeň', part: 'Východní Předměstí', postcode: '326 00', street: 'Koterovská', from: [49.7422, 13.3952], to: [49.7342, 13.4102], jpoId: 401, jpoName: 'HZS PK – stanice Plzeň-Slovany', district: 'Plzeň-město', region: 'Plzeňský kraj' },
  { town: 'Plzeň', part: 'Severní Předměstí', postcode: '301 00', street: 'Karlovarská', from: [49.7560, 13.3740], to: [49.7700, 13.3720], jpoId: 402, jpoName: 'HZS PK – stanice Plzeň-Košutka', district: 'Plzeň-město', region: 'Plzeňský kraj' },
  { town: 'Olomouc', part: 'Hodolany', postcode: '779 00', street: 'Jeremenkova', from: [49.5928, 17.2765], to: [49.5958, 17.2680], jpoId: 501, jpoName: 'HZS OK – stanice Olomouc', district: 'Olomouc', region: 'Olomoucký kraj' },
  { town: 'Olomouc', part: 'Nová Ulice', postcode: '779 00', street: 'Masarykova třída', from: [49.5935, 17.2690], to: [49.5946, 17.2600], jpoId: 501, jpoName: 'HZS OK – stanice Olomouc', district: 'Olomouc', region: 'Olomoucký kraj' },
  { town: 'Olomouc', part: 'Olomouc', postcode: '779 00', street: 'třída Svobody', from: [49.5962, 17.2502], to: [49.5920, 17.2562], jpoId: 501, jpoName: 'HZS OK – stanice Olomouc', district: 'Olomouc', region: 'Olomoucký kraj' },
  { town: 'Pardubice', part: 'Zelené Předměstí', postcode: '530 02', street: 'Palackého třída', from: [50.0330, 15.7582], to: [50.0368, 15.7682], jpoId: 601, jpoName: 'HZS Pardubického kraje – stanice Pardubice', district: 'Pardubice', region: 'Pardubický kraj' },
  { town: 'Pardubice', part: 'Zelené Předměstí', postcode: '530 02', street: 'třída Míru', from: [50.0362, 15.7702], to: [50.0382, 15.7782], jpoId: 601, jpoName: 'HZS Pardubického kraje – stanice Pardubice', district: 'Pardubice', region: 'Pardubický kraj' },
  { town: 'Pardubice', part: 'Zelené Předměstí', postcode: '530 02', street: 'Sladkovského', from: [50.0400, 15.7702], to: [50.0382, 15.7810], jpoId: 601, jpoName: 'HZS Pardubického kraje – stanice Pardubice', district: 'Pardubice', region: 'Pardubický kraj' },
  { town: 'Hradec Králové', part: 'Pražské Předměstí', postcode: '500 02', street: 'Gočárova třída', from: [50.2122, 15.8142], to: [50.2082, 15.8288], jpoId: 701, jpoName: 'HZS KHK – stanice Hradec Králové', district: 'Hradec Králové', region: 'Královéhradecký kraj' },
  { town: 'Hradec Králové', part: 'Pražské Předměstí', postcode: '500 02', street: 'Dukelská třída', from: [50.2150, 15.8140], to: [50.2102, 15.8288], jpoId: 701, jpoName: 'HZS KHK – stanice Hradec Králové', district: 'Hradec Králové', region: 'Královéhradecký kraj' },
  { town: 'Liberec', part: 'Liberec III-Jeřáb', postcode: '460 07', street: 'Nádražní', from: [50.7622, 15.0472], to: [50.7664, 15.0530], jpoId: 801, jpoName: 'HZS LK – stanice Liberec', district: 'Liberec', region: 'Liberecký kraj' },
  { town: 'Liberec', part: 'Liberec I-Staré Město', postcode: '460 01', street: '1. máje', from: [50.7660, 15.0522], to: [50.7690, 15.0560], jpoId: 801, jpoName: 'HZS LK – stanice Liberec', district: 'Liberec', region: 'Liberecký kraj' },
  { town: 'České Budějovice', part: 'České Budějovice 3', postcode: '370 01', street: 'Nádražní', from: [48.9752, 14.4878], to: [48.9740, 14.4800], jpoId: 901, jpoName: 'HZS JčK – stanice České Budějovice', district: 'České Budějovice', region: 'Jihočeský kraj' },
  { town: 'České Budějovice', part: 'České Budějovice 6', postcode: '370 01', street: 'Lannova třída', from: [48.9746, 14.4858], to: [48.9745, 14.4780], jpoId: 901, jpoName: 'HZS JčK – stanice České Budějovice', district: 'České Budějovice', region: 'Jihočeský kraj' },
  { town: 'České Budějovice', part: 'České Budějovice 3', postcode: '370 01', street: 'Pražská třída', from: [48.9790, 14.4762], to: [48.9918, 14.4722], jpoId: 901, jpoName: 'HZS JčK – stanice České Budějovice', district: 'České Budějovice', region: 'Jihočeský kraj' },
  { town: 'Ústí nad Labem', part: 'Ústí nad Labem-centrum', postcode: '400 01', street: 'Velká Hradební', from: [50.6602, 14.0372], to: [50.6630, 14.0402], jpoId: 1001, jpoName: 'HZS ÚK – stanice Ústí nad Labem', district: 'Ústí nad Labem', region: 'Ústecký kraj' },
  { town: 'Ústí nad Labem', part: 'Ústí nad Labem-centrum', postcode: '400 01', street: 'Masarykova', from: [50.6642, 14.0382], to: [50.6758, 14.0292], jpoId: 1001, jpoName: 'HZS ÚK – stanice Ústí nad Labem', district: 'Ústí nad Labem', region: 'Ústecký kraj' },
  { town: 'Jihlava', part: 'Jihlava', postcode: '586 01', street: 'Havlíčkova', from: [49.4012, 15.5902], to: [49.4140, 15.5980], jpoId: 1101, jpoName: 'HZS Kraje Vysočina – stanice Jihlava', district: 'Jihlava', region: 'Kraj Vysočina' },
  { town: 'Jihlava', part: 'Jihlava', postcode: '586 01', street: 'Masarykovo náměstí', from: [49.3960, 15.5900], to: [49.3990, 15.5930], jpoId: 1101, jpoName: 'HZS Kraje Vysočina – stanice Jihlava', district: 'Jihlava', region: 'Kraj Vysočina' },
  { town: 'Zlín', part: 'Zlín', postcode: '760 01', street: 'třída Tomáše Bati', from: [49.2262, 17.6600], to: [49.2202, 17.6900], jpoId: 1201, jpoName: 'HZS ZK – stanice Zlín', district: 'Zlín', region: 'Zlínský kraj' },
  { town: 'Karlovy Vary', part: 'Karlovy Vary', postcode: '360 01', street: 'Západní', from: [50.2310, 12.8612], to: [50.2290, 12.8482], jpoId: 1301, jpoName: 'HZS KVK – stanice Karlovy Vary', district: 'Karlovy Vary', region: 'Karlovarský kraj' },
  { town: 'Česká Třebová', part: 'Česká Třebová', postcode: '560 02', street: 'Nádražní', from: [49.8978, 16.4452], to: [49.9002, 16.4442], jpoId: 602, jpoName: 'HZS Pardubického kraje – stanice Česká Třebová', district: 'Ústí nad Orlicí', region: 'Pardubický kraj' },
  { town: 'Cheb', part: 'Cheb', postcode: '350 02', street: 'Svobody', from: [50.0770, 12.3760], to: [50.0800, 12.3720], jpoId: 1302, jpoName: 'HZS KVK – stanice Cheb', district: 'Cheb', region: 'Karlovarský kraj' },
  { town: 'Břeclav', part: 'Břeclav', postcode: '690 02', street: 'Nádražní', from: [48.7552, 16.8920], to: [48.7580, 16.8870], jpoId: 204, jpoName: 'HZS JMK – stanice Břeclav', district: 'Břeclav', region: 'Jihomoravský kraj' },
  { town: 'Havlíčkův Brod', part: 'Havlíčkův Brod', postcode: '580 01', street: 'Nádražní', from: [49.5990, 15.5880], to: [49.6040, 15.5830], jpoId: 1102, jpoName: 'HZS Kraje Vysočina – stanice Havlíčkův Brod', district: 'Havlíčkův Brod', region: 'Kraj Vysočina' },
];

const round = (v: number, digits: number) => Number(v.toFixed(digits));

/**
 * The demo address points: 5–6 house numbers along each demo street (odd numbers on one side, even on the
 * other, ~12 m off the street axis), with a title in the Czech postal form 'Ulice čp/čo, část, PSČ obec'.
 */
export function demoAddresses(): DemoAddress[] {
  const out: DemoAddress[] = [];
  DEMO_STREETS.forEach((st, si) => {
    const count = si % 2 === 0 ? 6 : 5;
    const [lat1, lon1] = st.from;
    const [lat2, lon2] = st.to;
    // unit normal of the street in degrees (≈ 12 m): houses stand beside the street, not on it
    const kx = Math.cos((lat1 * Math.PI) / 180);
    const dx = (lon2 - lon1) * kx;
    const dy = lat2 - lat1;
    const len = Math.hypot(dx, dy) || 1;
    const off = 12 / 111_200;
    for (let i = 0; i < count; i++) {
      const t = (i + 0.5) / count;
      const orientation = i * 2 + 1 + (i % 2); // 1, 4, 5, 8, 9, 12 — odd and even sides alternate
      const side = orientation % 2 === 1 ? 1 : -1;
      const conscription = 100 + ((si * 37 + i * 53) % 1800);
      const latitude = lat1 + (lat2 - lat1) * t + side * off * (dx / len);
      const longitude = lon1 + (lon2 - lon1) * t - (side * off * (dy / len)) / kx;
      const houseNumber = `${conscription}/${orientation}`;
      const partText = st.part === st.town ? '' : `${st.part}, `;
      out.push({
        code: `DEMO-${String(si + 1).padStart(2, '0')}${String(i + 1).padStart(2, '0')}`,
        title: `${st.street} ${houseNumber}, ${partText}${st.postcode} ${st.town}`,
        street: st.street,
        houseNumber,
        town: st.town,
        townPart: st.part,
        district: st.district,
        region: st.region,
        postcode: st.postcode,
        jpoId: st.jpoId,
        jpoName: st.jpoName,
        latitude: round(latitude, 6),
        longitude: round(longitude, 6),
      });
    }
  });
  return out;
}

/** Fills the four map tables with the demo network (an empty database; inside the seed's transaction). */
export async function seedRailwayNetwork(q: Queryable): Promise<void> {
  await q.insert(railwayPoints).values(
    DEMO_STATIONS.map((st) => ({
      code: st.code,
      name: st.name,
      search: normalizeSearch(st.name),
      kind: st.kind ?? 'Železniční stanice',
      state: 'Aktivní',
      active: true,
      km: st.km,
      tudu: st.tudu,
      section: st.tudu.slice(0, 4),
      region: st.region,
      latitude: st.latitude,
      longitude: st.longitude,
      source: 'demo',
    })),
  );
  await q.insert(railwayLines).values(
    DEMO_LINES.map((l) => ({
      code: l.code,
      name: l.name,
      category: l.category,
      coordinates: l.coordinates.map(([lon, lat]) => [lon, lat] as [number, number]),
      source: 'demo',
    })),
  );
  await q.insert(places).values(DEMO_PLACES.map((p) => ({ ...p, search: normalizeSearch(p.name) })));
  await q
    .insert(addressPoints)
    .values(demoAddresses().map((a) => ({ ...a, search: normalizeSearch(a.title), source: 'demo' })));
}
