/** The Emscripten module of the npm package `espeak-ng` (eSpeak NG compiled to WebAssembly, GPL-3.0). */
declare module 'espeak-ng' {
  interface ESpeakFS {
    writeFile(path: string, data: string | Uint8Array): void;
    readFile(path: string): Uint8Array;
  }
  interface ESpeakInstance {
    FS: ESpeakFS;
  }
  interface ESpeakOptions {
    arguments: string[];
    preRun?: ((module: ESpeakInstance) => void)[];
    /** Emscripten's hook: instantiate the WebAssembly module with `imports`, then call `done(instance, module)` */
    instantiateWasm?: (imports: object, done: (instance: unknown, module: unknown) => void) => object;
    print?: (text: string) => void;
    printErr?: (text: string) => void;
  }
  export default function ESpeakNg(options: ESpeakOptions): Promise<ESpeakInstance>;
}
