/**
 * Labels at busy places (issue 12 item 17): OpenLayers declutters the images and texts of the layers that share
 * a truthy `declutter` value; higher layers win. Our overlay layers with names (vehicles, chosen points, notes and
 * drawn objects, trains) and the base map's place and station names share one group, so a label never lands on
 * another label — the one hidden comes back when the map is zoomed in.
 *
 * Symbols must never disappear (a vehicle or a point hidden by decluttering would be missed), so a symbol is an
 * `obstacle`: always drawn, and labels keep clear of it. A glyph drawn inside its symbol and a halo are `none`:
 * always drawn and in nobody's way (the symbol under them is the obstacle). Only the name labels keep the default
 * `declutter` mode. The event targets are not in the group: only the active event is labelled, and its label must
 * stay (docs/READINGS.md "Map").
 */
import type { DeclutterMode } from 'ol/style/Style';

/** The one declutter group of the overlay's labels and the base map's names. */
export const LABEL_DECLUTTER = 'labels';

/** A symbol in a decluttered layer: always drawn, labels avoid it. */
export const SYMBOL_MODE: DeclutterMode = 'obstacle';

/** A glyph inside a symbol, a halo: always drawn, not an obstacle. */
export const INSIDE_MODE: DeclutterMode = 'none';
