/**
 * The map services' part of the process configuration (issue 6, modules/map/services): their URLs, each unset one
 * answered offline from our own data, and the hosts the map proxy may reach. Read by config.ts.
 */
import { z } from 'zod';

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export interface MapServicesConfig {
  /** the cadastre overlay's WMS (ČÚZK WMS KN: GetMap only), drawn with `cadastreWmsLayers` */
  cadastreWmsUrl?: string;
  /** comma-separated WMS layer names of the overlay (default `KN`, ČÚZK's whole cadastral map) */
  cadastreWmsLayers: string;
  /** the INSPIRE cadastral parcel WFS 2.0 the card asks (ČÚZK: services.cuzk.gov.cz/wfs/inspire-cp-wfs.asp) */
  cadastreWfsUrl?: string;
  /** the real rail-image (track preview) service, GET ?longitude=&latitude= */
  railImageUrl?: string;
  /** the real hunting-region service (POST /hunting-region, /hunting-region/contact, GET …/delete/{id}) */
  huntingUrl?: string;
  /** ÚHÚL's (NLI) WMS of hunting grounds: the `hunting` overlay and the card's GetFeatureInfo (uhul.ts) */
  huntingWmsUrl?: string;
  /** its layers, comma-separated; the first is asked for the card */
  huntingWmsLayers: string;
  /** the real intervention-zone service (GET /jpo-area, /jpo-point) */
  jpoUrl?: string;
  /** Mapy.com's API key: the panorama is their JS Panorama, shown by the browser (unset: our offline cameras) */
  mapyApiKey?: string;
  /** an OSRM-compatible router (GET /route/v1/driving/{lon},{lat};{lon},{lat}) */
  routingUrl?: string;
  /** the drone aerial WMS (its host is allowed in the map proxy) */
  droneWmsUrl?: string;
  /** hosts the map proxy may fetch GetCapabilities from (`host` or `host:port`) */
  mapProxyHosts: string[];
}

/** An optional http(s) URL setting; empty counts as unset. */
export const serviceUrl = (name: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^https?:\/\/\S+$/, `${name} musí být http(s) adresa`)
      .optional(),
  );

/** MAP_PROXY_HOSTS, else the drone and hunting WMS hosts, the ČÚZK hosts and ÚHÚL's (NLI's) geoportal. */
export function mapProxyHosts(
  list: string | undefined,
  droneWmsUrl: string | undefined,
  huntingWmsUrl?: string,
): string[] {
  if (list) {
    return list
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean);
  }
  // ČÚZK publishes under both domains (2025–26 material uses *.cuzk.gov.cz)
  // ÚHÚL's hunting grounds (issue 24): geoportal.uhul.cz, now under NLI's geoportal.nli.gov.cz
  const hosts = ['*.cuzk.cz', '*.cuzk.gov.cz', 'geoportal.uhul.cz', 'geoportal.nli.gov.cz'];
  for (const url of [huntingWmsUrl, droneWmsUrl]) {
    if (url && URL.canParse(url) && !hosts.includes(new URL(url).host)) hosts.unshift(new URL(url).host.toLowerCase());
  }
  return hosts;
}
