/** The map-service texts live beside their schemas in the domain; this name stays for the server's callers. */
export { mapServiceTexts } from '@panel/domain/map';
