/**
 * Writing RÚIAN-shaped zips for the import's tests and benchmark (bench/ruian.bench.ts): ČÚZK's layout —
 * entries `CSV/YYYYMMDD_OB_<kód obce>_ADR.csv`, Windows-1250, `;`, CRLF, the 19-column header — written
 * entry by entry to a file (deflated; nothing but the current entry in memory). Not used by the server.
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { deflateRawSync } from 'node:zlib';

/** The header of ČÚZK's 'adresní místa' CSV (as quoted by public importers, see import.test.ts). */
export const RUIAN_HEADER =
  'Kód ADM;Kód obce;Název obce;Kód MOMC;Název MOMC;Kód obvodu Prahy;Název obvodu Prahy;Kód části obce;' +
  'Název části obce;Kód ulice;Název ulice;Typ SO;Číslo domovní;Číslo orientační;Znak čísla orientačního;PSČ;' +
  'Souřadnice Y;Souřadnice X;Platí Od';

let win1250Table: Map<string, number> | null = null;

/** Text → Windows-1250 bytes (characters outside the code page become '?'). */
export function encodeWin1250(text: string): Buffer {
  if (!win1250Table) {
    win1250Table = new Map();
    const decoder = new TextDecoder('windows-1250');
    for (let b = 0x80; b <= 0xff; b++) win1250Table.set(decoder.decode(Uint8Array.of(b)), b);
  }
  const out = Buffer.alloc(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out[i] = c < 0x80 ? c : (win1250Table.get(text[i]) ?? 0x3f);
  }
  return out;
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export function crc32(data: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < data.length; i++) c = CRC_TABLE[(c ^ data[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

interface CentralRecord {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

/** A zip written entry by entry (deflate, no zip64: fine below 4 GB and 65,535 entries). */
export class ZipFileWriter {
  private out: WriteStream;
  private offset = 0;
  private records: CentralRecord[] = [];

  private error: Error | null = null;

  constructor(file: string) {
    this.out = createWriteStream(file);
    this.out.on('error', (e) => (this.error = e));
  }

  private async write(buf: Buffer): Promise<void> {
    if (this.error) throw this.error;
    this.offset += buf.length;
    if (!this.out.write(buf)) await new Promise<void>((resolve) => this.out.once('drain', () => resolve()));
  }

  async add(name: string, data: Buffer): Promise<void> {
    const deflated = deflateRawSync(data);
    const nameBuf = Buffer.from(name, 'utf8');
    const rec = {
      name: nameBuf,
      crc: crc32(data),
      compressed: deflated.length,
      size: data.length,
      offset: this.offset,
    };
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(20, 4); // version needed
    h.writeUInt16LE(0x0800, 6); // UTF-8 names
    h.writeUInt16LE(8, 8); // deflate
    h.writeUInt32LE(0, 10); // time, date
    h.writeUInt32LE(rec.crc, 14);
    h.writeUInt32LE(rec.compressed, 18);
    h.writeUInt32LE(rec.size, 22);
    h.writeUInt16LE(nameBuf.length, 26);
    h.writeUInt16LE(0, 28);
    this.records.push(rec);
    await this.write(Buffer.concat([h, nameBuf]));
    await this.write(deflated);
  }

  async close(): Promise<void> {
    const start = this.offset;
    for (const r of this.records) {
      const c = Buffer.alloc(46);
      c.writeUInt32LE(0x02014b50, 0);
      c.writeUInt16LE(20, 4);
      c.writeUInt16LE(20, 6);
      c.writeUInt16LE(0x0800, 8);
      c.writeUInt16LE(8, 10);
      c.writeUInt32LE(0, 12);
      c.writeUInt32LE(r.crc, 16);
      c.writeUInt32LE(r.compressed, 20);
      c.writeUInt32LE(r.size, 24);
      c.writeUInt16LE(r.name.length, 28);
      c.writeUInt32LE(r.offset, 42);
      await this.write(Buffer.concat([c, r.name]));
    }
    const e = Buffer.alloc(22);
    e.writeUInt32LE(0x06054b50, 0);
    e.writeUInt16LE(this.records.length, 8);
    e.writeUInt16LE(this.records.length, 10);
    e.writeUInt32LE(this.offset - start, 12);
    e.writeUInt32LE(start, 16);
    await this.write(e);
    await new Promise<void>((resolve, reject) => this.out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  }
}

/** One municipality's CSV as ČÚZK writes it: Windows-1250, CRLF, header first. */
export const ruianCsvBytes = (rows: string[]) => encodeWin1250([RUIAN_HEADER, ...rows].join('\r\n') + '\r\n');
