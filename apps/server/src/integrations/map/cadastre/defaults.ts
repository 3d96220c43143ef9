/** Cadastre defaults the config needs without loading the provider (and the database it reads). */

/**
 * Default layers of ČÚZK's WMS KN overlay (services.cuzk.cz/wms/wms.asp, GetCapabilities and GetMap only):
 * `KN` is the group of the whole cadastral map (DKM/KM-D, scanned maps, parcel numbers and boundaries).
 * CADASTRE_WMS_LAYERS overrides it, e.g. `hranice_parcel,parcelni_cisla,DEF_PARCELY`.
 */
export const CADASTRE_WMS_LAYERS = 'KN';
