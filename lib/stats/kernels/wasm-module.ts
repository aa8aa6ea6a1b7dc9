/** The WebAssembly module of a kernel, compiled on first use from its committed bytes (base64). */
export function lazyModule(base64: string): () => WebAssembly.Module | null {
  let module: WebAssembly.Module | null | undefined;
  return () => {
    if (module !== undefined) return module;
    try {
      module = new WebAssembly.Module(Buffer.from(base64, "base64"));
    } catch {
      // No WebAssembly SIMD in this runtime: the callers run their JavaScript code.
      module = null;
    }
    return module;
  };
}
