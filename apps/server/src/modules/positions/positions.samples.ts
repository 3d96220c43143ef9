/**
 * Real requests of the protocols we take in (issue 14), each with its source; the tests send them with our
 * device codes, coordinates in Czechia and fresh times (the structure, names and units are the sources').
 */

/**
 * OsmAnd query of Traccar Client for Android ≤ 8: traccar/traccar-client-android
 * `app/src/main/java/org/traccar/client/ProtocolFormatter.kt` (id, timestamp in unix seconds, lat, lon, speed,
 * bearing, altitude, accuracy, batt) with `Position.kt` (`speed = location.speed * 1.943844 // speed in knots`,
 * accuracy 0 for a GPS fix).
 */
export const traccarClientAndroidQuery = (id: string, unixSeconds: number) =>
  `id=${id}&timestamp=${unixSeconds}&lat=50.0755381&lon=14.4378005&speed=27.0&bearing=93.5&altitude=235.0&accuracy=0.0&batt=87.0`;

/**
 * JSON of Traccar Client 9+ (flutter): traccar.org/osmand "JSON format" and traccar/traccar-client
 * `lib/preferences.dart` `_locationTemplate()` (flutter_background_geolocation posts `{location: …}` plus the
 * `params` `{device_id}`); speed in m/s, battery level 0…1, -1 for unknown values.
 */
export const traccarClientJson = (deviceId: string, isoTime: string) => ({
  location: {
    timestamp: isoTime,
    coords: { latitude: 49.1950602, longitude: 16.6068371, accuracy: 8.2, speed: 12.5, heading: 181.3, altitude: 237 },
    is_moving: true,
    odometer: 12840.5,
    event: 'motionchange',
    battery: { level: 0.64, is_charging: false },
    activity: { type: 'in_vehicle' },
    extras: {},
    _: `&id=${deviceId}&lat=49.1950602&lon=16.6068371&timestamp=${isoTime}&`,
  },
  device_id: deviceId,
});

/**
 * Traccar position forwarding (`forward.type=json`): traccar/traccar `forward/PositionForwarderJson.java` posts
 * `PositionData` `{position, device}`; the field names, the Jackson date form '…T15:34:17.000+0000' and the
 * shape as in jpmens.net "Position and event forwarding from Traccar" (2018); speed in knots (Traccar's unit).
 */
export const traccarForward = (uniqueId: string, fixTime: string) => ({
  position: {
    id: 18336,
    attributes: { batteryLevel: 76, distance: 449.67, totalDistance: 1284211.5, motion: true },
    deviceId: 7,
    protocol: 'osmand',
    serverTime: fixTime,
    deviceTime: fixTime,
    fixTime,
    outdated: false,
    valid: true,
    latitude: 49.8209226,
    longitude: 18.2625243,
    altitude: 215.0,
    speed: 32.4,
    course: 270.0,
    address: null,
    accuracy: 6.0,
    network: null,
  },
  device: {
    id: 7,
    attributes: {},
    groupId: 0,
    name: 'CAS Ostrava',
    uniqueId,
    status: 'online',
    lastUpdate: fixTime,
    positionId: 18335,
    phone: null,
    model: null,
    contact: null,
    category: 'truck',
    disabled: false,
  },
});

/** Jackson's form of a Traccar date: '2018-09-14T15:34:17.000+0000'. */
export const jacksonDate = (d: Date) => d.toISOString().replace('Z', '+0000');
