// Throwaway data and resources folders, and an engine over them that records every event.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventName, Events } from '../../src-main/common/contract.js';
import { createEngine, type Engine, type EngineOptions } from '../../src-main/engine/app/createEngine.js';

export interface EngineFixture {
  root: string;
  dataDir: string;
  resourcesDir: string;
  engine: Engine;
  events: { event: EventName; payload: Events[EventName] }[];
  /** Writes a file under root and returns its path. */
  write(name: string, text: string): string;
  dispose(): Promise<void>;
}

export const SMALL_TRIPLES = [
  'Mercy General|located_in|Springfield',
  'Dr. Alice Chen|works_at|Mercy General',
  'Dr. Alice Chen|specializes_in|Cardiology',
  'Dr. Bob Rivera|works_at|Mercy General',
  'Dr. Bob Rivera|specializes_in|Oncology',
  'St. Luke Clinic|located_in|Shelbyville',
].join('\n');

/** A pipe-triples file big enough that an import is still running when it is cancelled. */
export function bigTriples(lines: number): string {
  const out: string[] = [];
  for (let i = 0; i < lines; i++) out.push(`patient ${i}|treated_at|hospital ${i % 97}`);
  return out.join('\n') + '\n';
}

export function makeEngineFixture(options: Partial<EngineOptions> & { demo?: string } = {}): EngineFixture {
  const root = mkdtempSync(join(tmpdir(), 'ctrlg-engine-'));
  const dataDir = join(root, 'data');
  const resourcesDir = join(root, 'resources');
  mkdirSync(join(resourcesDir, 'demo'), { recursive: true });
  if (options.demo !== undefined) writeFileSync(join(resourcesDir, 'demo', 'hospital-network.txt'), options.demo);
  const engine = createEngine({ dataDir, resourcesDir, version: '9.9.9', transport: 'host', importRoots: [root], ...options });
  const events: EngineFixture['events'] = [];
  for (const event of ['import.progress', 'graph.changed'] as const) engine.on(event, (payload) => events.push({ event, payload }));
  return {
    root,
    dataDir,
    resourcesDir,
    engine,
    events,
    write(name, text) {
      const file = join(root, name);
      writeFileSync(file, text);
      return file;
    },
    async dispose() {
      await engine.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
