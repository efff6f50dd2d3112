// Will this model, with this context, fit in this machine's free memory? Asked before loading so the UI can say
// "pick a smaller model" instead of the app stalling in swap or llama.cpp failing halfway through an allocation.
// The numbers are node-llama-cpp's estimates (GgufInsights), which follow llama.cpp's own allocation rules.
import { GgufInsights, InsufficientMemoryError, type GgufFileInfo, type Llama } from 'node-llama-cpp';
import type { FitEstimate } from './handTypes.js';

export interface FitRequest {
  /** 'auto' asks the resolver how many layers fit in VRAM next to a context of `contextSize`. */
  gpuLayers: 'auto' | number;
  contextSize: number;
  embeddingContext?: boolean;
}

export async function estimateFit(llama: Llama, fileInfo: GgufFileInfo, request: FitRequest): Promise<FitEstimate> {
  const insights = await GgufInsights.from(fileInfo, llama);
  const [ram, vram] = await Promise.all([llama.getRamState(), llama.getVramState()]);
  const base = { contextSize: request.contextSize, freeRamBytes: ram.free, freeVramBytes: vram.free };

  let gpuLayers = 0;
  if (llama.gpu !== false && llama.supportsGpuOffloading) {
    if (request.gpuLayers === 'auto') {
      try {
        const resolved = await insights.configurationResolver.resolveModelGpuLayersV2(
          { fitContext: { contextSize: request.contextSize, embeddingContext: request.embeddingContext } },
          {},
        );
        gpuLayers = resolved.gpuLayers;
      } catch (e) {
        if (!(e instanceof InsufficientMemoryError)) throw e;
        return { ...base, fits: false, gpuLayers: 0, ramBytes: 0, vramBytes: 0, reason: `no GPU layer split fits: ${e.message}` };
      }
    } else gpuLayers = Math.min(request.gpuLayers, insights.totalLayers);
  }

  const model = await insights.estimateModelResourceRequirementsV2({ gpuLayers });
  const context = await insights.estimateContextResourceRequirementsV2({
    contextSize: request.contextSize,
    modelGpuLayers: gpuLayers,
    sequences: 1,
    isEmbeddingContext: request.embeddingContext,
  });
  const ramBytes = model.cpuRam + context.cpuRam;
  const vramBytes = model.gpuVram + context.gpuVram;
  let reason: string | undefined;
  if (ramBytes > ram.free) reason = `needs ${mib(ramBytes)} of RAM, ${mib(ram.free)} free`;
  else if (vramBytes > vram.free) reason = `needs ${mib(vramBytes)} of VRAM, ${mib(vram.free)} free`;
  return { ...base, fits: reason === undefined, gpuLayers, ramBytes, vramBytes, reason };
}

function mib(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(0)} MiB`;
}
