/**
 * The map notice (MapNotice) is a strip across the top of the map; the overlays at the top (toolbar, cards,
 * search) start below it, so none covers it (issue 24 item 7). The notice writes its height into this CSS
 * variable on the map's box; without a notice it is unset and the overlays keep their usual offset.
 */
export const NOTICE_HEIGHT_VAR = '--map-notice-height';

/** A `top` that is `px` below the notice (or below the map's top edge when there is none). */
export const belowNotice = (px: number): string => `calc(${px}px + var(${NOTICE_HEIGHT_VAR}, 0px))`;
