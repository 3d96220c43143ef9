/**
 * Demo places and address points (issue 6): 167 places (regional capitals, district towns, other towns and a
 * few villages on the lines) and ~300 address points along real streets of the big cities, placed by hand (a
 * town's position is its centre, checked to lie within 3 km of its station). Seeded by `railwayNetwork.ts`.
 */

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
