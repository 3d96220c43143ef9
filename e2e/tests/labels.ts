/** Labels of ours (not in the spec) that the journeys look for; kept in one place. */
export const MESSAGE_PLACEHOLDER = 'Napište zprávu';

/**
 * The radio recorder's clock at two seconds or more ('● Nahrávám 0:02 / 1:00'): the journeys wait until a
 * recording is at least that long. Not '0:02' exactly: on a loaded machine the page may first be looked at when
 * the clock already shows 0:04, and the recording is then no less what was asked for.
 */
export const RECORDED_TWO_SECONDS = /\b0:(0[2-9]|[1-5]\d) \//;
