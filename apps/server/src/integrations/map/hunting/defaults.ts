/**
 * ÚHÚL's hunting-ground layers the map draws by default: boundaries, names and codes, as a public client asks
 * `https://geoportal.nli.gov.cz/wms_mysl/WMService.aspx` for them (fixtures/README.md). The first is the one the
 * card's GetFeatureInfo asks. Apart from uhul.ts so the configuration imports no database code.
 */
export const UHUL_DEFAULT_LAYERS = 'Honitby_hranice,Honitby_nazev_2,Honitby_kod_2';
