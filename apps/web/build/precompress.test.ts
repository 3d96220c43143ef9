/** The build's precompression: .br and .gz beside every compressible file of 1 kB or more, decodable to it. */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress';

describe('precompressDir', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes brotli and gzip variants of large text files only, recursively', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
    mkdirSync(path.join(dir, 'assets'));
    const big = 'const událost = "Přijmout zprávu";\n'.repeat(200);
    writeFileSync(path.join(dir, 'assets', 'index-abc.js'), big);
    writeFileSync(path.join(dir, 'assets', 'map-abc.css'), `.a{color:red}\n`.repeat(200));
    writeFileSync(path.join(dir, 'version.json'), '{"hash":"x"}'); // small
    writeFileSync(path.join(dir, 'alert.mp3'), Buffer.alloc(4096, 7)); // already compressed format

    const result = await precompressDir(dir);

    expect(result.files).toBe(2);
    const js = path.join(dir, 'assets', 'index-abc.js');
    expect(zlib.brotliDecompressSync(readFileSync(`${js}.br`)).toString()).toBe(big);
    expect(zlib.gunzipSync(readFileSync(`${js}.gz`)).toString()).toBe(big);
    expect(readFileSync(`${js}.br`).length).toBeLessThan(big.length / 10);
    expect(existsSync(path.join(dir, 'assets', 'map-abc.css.br'))).toBe(true);
    expect(existsSync(path.join(dir, 'version.json.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'alert.mp3.gz'))).toBe(false);
  });
});
