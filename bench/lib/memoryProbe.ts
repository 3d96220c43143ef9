/**
 * Preloaded into the server process the memory benchmark measures (`node --import tsx --import
 * ./bench/lib/memoryProbe.ts apps/server/src/server.ts`): answers the benchmark's `'memory'` message on the IPC
 * channel with what only the process itself can see — V8's heap, external and array-buffer memory, and the
 * WebAssembly memories alive (PGlite's heap; WASM memory never shrinks, so it is the figure to compare RSS
 * with). Nothing else: the server runs as it does under `npm start`.
 */

export interface MemoryProbeAnswer {
  type: 'memory';
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  /** bytes of every WebAssembly.Memory still alive */
  wasm: number;
  wasmCount: number;
}

// the bench's TypeScript libraries have no WebAssembly types (no DOM lib): the little used here
interface WasmMemory {
  readonly buffer: ArrayBuffer;
}
type WasmMemoryConstructor = new (descriptor: { initial: number; maximum?: number }) => WasmMemory;
const wasmApi = (globalThis as unknown as { WebAssembly: { Memory: WasmMemoryConstructor } }).WebAssembly;

// WeakRefs: the probe must not keep a closed PGlite's heap alive (that would hide exactly what is measured)
const memories = new Set<WeakRef<WasmMemory>>();
wasmApi.Memory = new Proxy(wasmApi.Memory, {
  construct(target, args: ConstructorParameters<WasmMemoryConstructor>) {
    const memory = Reflect.construct(target, args) as WasmMemory;
    memories.add(new WeakRef(memory));
    return memory;
  },
});

function wasmBytes(): { wasm: number; wasmCount: number } {
  let wasm = 0;
  let wasmCount = 0;
  for (const ref of memories) {
    const memory = ref.deref();
    if (!memory) {
      memories.delete(ref);
      continue;
    }
    wasm += memory.buffer.byteLength;
    wasmCount++;
  }
  return { wasm, wasmCount };
}

if (process.send) {
  process.on('message', (message) => {
    if (message !== 'memory') return;
    const usage = process.memoryUsage();
    const answer: MemoryProbeAnswer = {
      type: 'memory',
      heapUsed: usage.heapUsed,
      heapTotal: usage.heapTotal,
      external: usage.external,
      arrayBuffers: usage.arrayBuffers,
      ...wasmBytes(),
    };
    process.send?.(answer);
  });
  // the channel must not keep a server that wants to exit alive
  process.channel?.unref();
}
