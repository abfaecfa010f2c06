/** Minimal types for the parts of the Emscripten espeak-ng build that offline.ts uses (the package ships none). */
declare module '@echogarden/espeak-ng-emscripten' {
  export interface ESpeakNGWorker {
    /** Returns 0 on success (espeak_ERROR otherwise). */
    set_voice(name: string): number;
    get_samplerate(): number;
    /** Calls back with 16-bit mono PCM chunks, synchronously; return true from the callback to abort. */
    synthesize(text: string, onChunk: (samples: Int16Array, events: unknown[]) => boolean): void;
  }
  export interface ESpeakNGModule {
    eSpeakNGWorker: new () => ESpeakNGWorker;
  }
  /** Instantiates the WASM module and loads espeak-ng.data (voices, dictionaries) into its memory FS. */
  export default function createModule(options?: object): Promise<ESpeakNGModule>;
}
