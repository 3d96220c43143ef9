/**
 * Czech speech with eSpeak NG compiled to WebAssembly (npm `espeak-ng`, voice `cs`). Each call runs the espeak
 * CLI in a fresh instance (the module exits after main) over the precompiled WebAssembly module: the text goes
 * in as a file (`-f`), so a text starting with '-' is spoken, never read as an option; the WAV comes back from the
 * instance's memory file system. Calls run one at a time (each instance takes 32 MB and ~0.5 s of CPU), and only
 * in the render worker thread (modules/alerts/assets/renderPool.ts), never on the server's event loop.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import ESpeakNg from 'espeak-ng';
import { TTS_VOICE } from './voice.js';

export interface Pcm {
  samples: Int16Array;
  sampleRate: number;
}

/** The bits of the WebAssembly global used here (the server's TypeScript libs carry no DOM/WebAssembly types). */
interface WasmApi {
  compile(bytes: Uint8Array): Promise<object>;
  instantiate(module: object, imports: object): Promise<object>;
}
const Wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

let compiled: Promise<object> | null = null;

function wasmModule(): Promise<object> {
  compiled ??= (async () => {
    const entry = createRequire(import.meta.url).resolve('espeak-ng');
    const bytes = await readFile(entry.replace(/espeak-ng\.js$/, 'espeak-ng.wasm'));
    return Wasm.compile(bytes);
  })().catch((error: unknown) => {
    compiled = null;
    throw error;
  });
  return compiled;
}

/** The PCM of a 16-bit mono/stereo WAV (stereo mixed to mono). */
export function wavToPcm(wav: Uint8Array): Pcm {
  const buf = Buffer.from(wav.buffer, wav.byteOffset, wav.byteLength);
  if (buf.length < 12 || buf.toString('latin1', 0, 4) !== 'RIFF' || buf.toString('latin1', 8, 12) !== 'WAVE') {
    throw new Error('espeak: not a WAV');
  }
  let pos = 12;
  let sampleRate = 0;
  let channels = 1;
  let bits = 16;
  while (pos + 8 <= buf.length) {
    const id = buf.toString('latin1', pos, pos + 4);
    const size = buf.readUInt32LE(pos + 4);
    const body = pos + 8;
    if (id === 'fmt ') {
      channels = buf.readUInt16LE(body + 2);
      sampleRate = buf.readUInt32LE(body + 4);
      bits = buf.readUInt16LE(body + 14);
    } else if (id === 'data') {
      if (bits !== 16 || !sampleRate) throw new Error('espeak: unexpected WAV format');
      const end = Math.min(buf.length, body + size);
      const frames = Math.floor((end - body) / (2 * channels));
      const samples = new Int16Array(frames);
      for (let i = 0; i < frames; i++) {
        let sum = 0;
        for (let c = 0; c < channels; c++) sum += buf.readInt16LE(body + (i * channels + c) * 2);
        samples[i] = Math.round(sum / channels);
      }
      return { samples, sampleRate };
    }
    pos = body + size + (size % 2);
  }
  throw new Error('espeak: WAV without data');
}

async function runEspeak(text: string): Promise<Pcm> {
  const mod = await wasmModule();
  const errors: string[] = [];
  const instance = await ESpeakNg({
    arguments: ['-v', TTS_VOICE, '-w', '/out.wav', '-f', '/in.txt'],
    preRun: [(m) => m.FS.writeFile('/in.txt', text)],
    instantiateWasm(imports, done) {
      void Wasm.instantiate(mod, imports).then((inst) => done(inst, mod));
      return {};
    },
    print: () => undefined,
    printErr: (m) => errors.push(m),
  });
  let wav: Uint8Array;
  try {
    wav = instance.FS.readFile('/out.wav');
  } catch {
    throw new Error(`espeak: no output${errors.length ? `: ${errors.join(' ')}` : ''}`);
  }
  return wavToPcm(wav);
}

let queue: Promise<unknown> = Promise.resolve();

/** Speaks `text` (Czech); calls are serialized. */
export function synthesize(text: string): Promise<Pcm> {
  const run = queue.then(() => runEspeak(text));
  queue = run.catch(() => undefined);
  return run;
}
