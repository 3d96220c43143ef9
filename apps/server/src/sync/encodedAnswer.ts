/**
 * A POST /v2/app answer as JSON text and, once a client asks for it, as compressed bytes made once on libuv's
 * threadpool and shared by every request for the same answer (delta/encoded.ts, full/answer.ts).
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type Encoding = 'br' | 'gzip';

/** How hard to compress: small answers as the compression plugin does (brotli 4, gzip 6), or fast. */
export type Effort = 'default' | 'fast';

/**
 * brotli 4 is near gzip 6 in speed at a better ratio (http/compression.ts). For a full bundle (6 MB of JSON
 * with 1,000 events) those took 90–100 ms, a third of its budget; brotli 1 / gzip 1 take 15–25 ms and the
 * answer stays 371 / 440 kB (brotli 4: 349 kB, gzip 6: 407 kB).
 */
const OPTIONS: Record<Effort, { br: zlib.BrotliOptions; gzip: zlib.ZlibOptions }> = {
  default: { br: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }, gzip: {} },
  fast: { br: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } }, gzip: { level: 1 } },
};

export class EncodedAnswer {
  readonly body: Buffer;
  private text: string | null;
  private readonly compressed = new Map<Encoding, Promise<Buffer>>();
  /** the bytes once made, per encoding (ready) */
  private readonly made = new Map<Encoding, Buffer>();

  /** `json` as text, or as its UTF-8 bytes (a full bundle is joined from kept bytes, never a string) */
  constructor(
    json: string | Buffer,
    private readonly effort: Effort = 'default',
  ) {
    this.text = typeof json === 'string' ? json : null;
    this.body = typeof json === 'string' ? Buffer.from(json) : json;
  }

  /** The JSON text (decoded on first use when made from bytes). */
  get json(): string {
    return (this.text ??= this.body.toString('utf8'));
  }

  /** The bytes in `encoding`; a failed compression is not kept (the next request tries again). */
  encoded(encoding: Encoding): Promise<Buffer> {
    let bytes = this.compressed.get(encoding);
    if (!bytes) {
      const options = OPTIONS[this.effort];
      bytes = encoding === 'br' ? brotli(this.body, options.br) : gzip(this.body, options.gzip);
      this.compressed.set(encoding, bytes);
      bytes.then(
        (done) => this.made.set(encoding, done),
        () => this.compressed.delete(encoding),
      );
    }
    return bytes;
  }

  /** The bytes in `encoding` if they are made, without waiting (delta/standIn.ts). */
  ready(encoding: Encoding): Buffer | undefined {
    return this.made.get(encoding);
  }
}
