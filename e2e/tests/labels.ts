/** Labels of ours (not in the spec) that the journeys look for; kept in one place. */
export const MESSAGE_PLACEHOLDER = 'Napište zprávu';
