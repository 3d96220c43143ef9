/** The application shell (001 §2): the frame around the panel — titles, header, options menu, connection state. */
export * from './texts';
