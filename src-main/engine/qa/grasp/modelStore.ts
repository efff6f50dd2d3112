// Trained encoders on disk, per graph and versioned: <data>/models/grasp/<graph>/v<N>/{encoder.bin, meta.json}.
// A new training run never overwrites an older version; the selector loads the newest unless told otherwise.
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { GraspEncoder } from './encoder/graspEncoder.js';
import { deserializeEncoder, serializeEncoder } from './encoder/serializeEncoder.js';

export const ENCODER_FILE = 'encoder.bin';
export const MODEL_META_FILE = 'meta.json';

export interface GraspModelMeta {
  graph: string;
  graphHash: string;
  version: number;
  createdAt: string;
  seed: number;
  drm: string;
  config: unknown;
  metrics: unknown;
}

export function graspModelsDir(dataDir: string, graphName: string): string {
  return join(resolve(dataDir), 'models', 'grasp', graphName);
}

export async function listGraspVersions(dataDir: string, graphName: string): Promise<number[]> {
  const dir = graspModelsDir(dataDir, graphName);
  if (!existsSync(dir)) return [];
  const out: number[] = [];
  for (const entry of await readdir(dir)) {
    const m = /^v(\d+)$/.exec(entry);
    if (m && existsSync(join(dir, entry, ENCODER_FILE)) && existsSync(join(dir, entry, MODEL_META_FILE))) out.push(Number(m[1]));
  }
  return out.sort((a, b) => a - b);
}

/** Writes the next version (written to a temporary folder, then renamed: a crash never leaves half a model). */
export async function saveGraspModel(
  dataDir: string,
  graphName: string,
  encoder: GraspEncoder,
  relationLabels: string[],
  meta: Omit<GraspModelMeta, 'version' | 'graph' | 'createdAt' | 'config'>,
): Promise<{ version: number; dir: string }> {
  const base = graspModelsDir(dataDir, graphName);
  await mkdir(base, { recursive: true });
  const versions = await listGraspVersions(dataDir, graphName);
  let entries: string[] = [];
  try {
    entries = await readdir(base);
  } catch {
    /* fresh folder */
  }
  // Skip numbers of any folder already there (e.g. a broken earlier run), not only complete versions.
  const taken = entries.map((e) => /^v(\d+)$/.exec(e)?.[1]).filter(Boolean).map(Number);
  const version = Math.max(0, ...versions, ...taken) + 1;
  const dir = join(base, `v${version}`);
  const work = join(base, `.tmp-v${version}-${process.pid}`);
  await mkdir(work, { recursive: true });
  const full: GraspModelMeta = { graph: graphName, version, createdAt: new Date().toISOString(), config: encoder.config, ...meta };
  await writeFile(join(work, ENCODER_FILE), serializeEncoder(encoder, relationLabels));
  await writeFile(join(work, MODEL_META_FILE), JSON.stringify(full, null, 2) + '\n');
  await rename(work, dir);
  return { version, dir };
}

export interface LoadedGraspModel {
  encoder: GraspEncoder;
  meta: GraspModelMeta;
  dir: string;
}

/** Loads a version (default: newest), re-indexing relation embeddings to `graphRelations` when given. */
export async function loadGraspModel(dataDir: string, graphName: string, version?: number, graphRelations?: string[]): Promise<LoadedGraspModel> {
  const versions = await listGraspVersions(dataDir, graphName);
  const v = version ?? versions[versions.length - 1];
  if (v === undefined || !versions.includes(v))
    throw new Error(`no trained GraSP model${version ? ` v${version}` : ''} for graph "${graphName}": run \`ctrlg train --graph ${graphName}\``);
  const dir = join(graspModelsDir(dataDir, graphName), `v${v}`);
  const meta = JSON.parse(await readFile(join(dir, MODEL_META_FILE), 'utf8')) as GraspModelMeta;
  const { encoder } = deserializeEncoder(await readFile(join(dir, ENCODER_FILE)), graphRelations);
  return { encoder, meta, dir };
}
