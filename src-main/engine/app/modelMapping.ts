// Engine-side model and runtime records, reduced to the contract's plain shapes (common/modelTypes.ts).
import type { FitEstimateInfo, HandBackend, LoadedModel, ModelEntry, ModelFileInfo } from '../../common/modelTypes.js';
import type { FitEstimate, LoadedModelInfo } from '../llm/handTypes.js';
import type { ModelListEntry } from '../llm/modelManager.js';
import type { ModelFileInfo as EngineModelFileInfo } from '../llm/modelFiles.js';

export function toModelFileInfo(f: EngineModelFileInfo): ModelFileInfo {
  return {
    path: f.path,
    fileName: f.fileName,
    fileSizeBytes: f.fileSizeBytes,
    ggufVersion: f.ggufVersion,
    architecture: f.architecture,
    name: f.name,
    parameters: f.parameters,
    quantisation: f.quantisation,
    contextLength: f.contextLength,
    layers: f.layers,
    isEmbeddingModel: f.isEmbeddingModel,
    hasChatTemplate: f.hasChatTemplate,
  };
}

export function toModelEntry(e: ModelListEntry): ModelEntry {
  return {
    path: e.path,
    fileName: e.fileName,
    source: e.source,
    sizeBytes: e.sizeBytes,
    ...(e.info ? { info: toModelFileInfo(e.info) } : {}),
    ...(e.error ? { error: { problem: e.error.code, message: e.error.message } } : {}),
  };
}

export function toLoadedModel(m: LoadedModelInfo): LoadedModel {
  return {
    fileName: m.file.fileName,
    path: m.file.path,
    architecture: m.file.architecture,
    quantisation: m.file.quantisation,
    parameters: m.file.parameters,
    contextSize: m.contextSize,
    gpuLayers: m.gpuLayers,
    threads: m.threads,
    chatWrapper: m.chatWrapper,
    loadMs: Math.round(m.loadMs),
    ramBytes: m.ramBytes,
    vramBytes: m.vramBytes,
  };
}

export function toFitEstimateInfo(f: FitEstimate, backend: HandBackend): FitEstimateInfo {
  return { ...f, backend };
}
