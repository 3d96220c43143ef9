import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats worth compressing; images, audio and fonts (woff2) are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|wasm|map)$/;
/** Below this, the encoded answer's headers cost about what compression saves. */
const MIN_BYTES = 1024;

/** Every compressible file of `dir` (recursively) of at least MIN_BYTES, as absolute paths. */
export async function compressibleFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await compressibleFiles(full)));
    else if (COMPRESSIBLE.test(entry.name) && (await stat(full)).size >= MIN_BYTES) found.push(full);
  }
  return found;
}

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip 9) beside every compressible file of `dir`, so
 * the server sends the precompressed variant the browser accepts and compresses nothing per request.
 */
export async function precompressDir(dir: string): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  const files = await compressibleFiles(dir);
  let bytes = 0;
  let brotliBytes = 0;
  await Promise.all(
    files.map(async (file) => {
      const source = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(source, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        }),
        gzip(source, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      bytes += source.length;
      brotliBytes += br.length;
    }),
  );
  return { files: files.length, bytes, brotliBytes };
}

/** Vite plugin: precompress the whole output once everything (the service worker too) is written. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'panel-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const { files, bytes, brotliBytes } = await precompressDir(outDir);
        console.info(
          `precompressed ${files} files: ${Math.round(bytes / 1024)} kB → ${Math.round(brotliBytes / 1024)} kB brotli`,
        );
      },
    },
  };
}
