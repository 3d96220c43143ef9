/**
 * bytea in and out of the embedded database without a string per byte. PGlite's own codec writes a parameter as
 * `\x` and hex made byte by byte in JavaScript (`Array.from(bytes).map(toString(16))`) and reads a value back with
 * a `parseInt` per byte pair: a 340 kB photo took ~136 ms to write and ~48 ms to read, all of it on the server's
 * only thread, so every photo sent or looked at on the embedded database stalled every other call (issue 28:
 * nothing heavy on the event loop). Here a parameter goes as its bytes: PGlite's bind sends an ArrayBuffer view in
 * PostgreSQL's binary format, which for bytea is the bytes themselves (no hex to make, nor for PostgreSQL to read,
 * and half the size). A value comes back in the text format, `bytea_output = hex` (the default, which the panel
 * never changes), and is read by Node's native hex decoder.
 */

/**
 * A bytea parameter: the bytes themselves (PGlite binds a Uint8Array in the binary format). PGlite types its
 * serializers as returning text, hence the cast; what it does with a view is in its bind (pg-protocol serializer).
 */
export const serializeBytea = ((value: unknown): Uint8Array => {
  if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
  return value;
}) as unknown as (value: unknown) => string;

/** A bytea column's text as a Buffer (the schema's column type takes a Buffer as it is). */
export function parseBytea(text: string): Buffer {
  if (!text.startsWith('\\x')) throw new Error('bytea: expected the hex format (bytea_output = hex)');
  return Buffer.from(text.slice(2), 'hex');
}
