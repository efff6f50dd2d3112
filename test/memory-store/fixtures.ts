// Shared fixtures of the experience-memory tests: a session trace in session tokens, vectors, temp dirs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SessionTrace } from '../../src-main/engine/memory/abstractTrace.js';
import type { ExposureMode } from '../../src-main/engine/memory/experienceRecord.js';

export const LABELS: ExposureMode = { relations: 'labels', k: 2, dates: 'year', schemaTypes: true, supernodes: true };
export const CLUSTERED: ExposureMode = { ...LABELS, relations: 'clustered' };

export const ANCHOR = 'E_3fa9c01b22de';
export const BRIDGE = 'E_77aa01c0ffee';
export const ANSWER = 'E_0123456789ab';
export const YEAR = 'L_abcdef012345';

/** "which films share a director with Top Hat" — as the Brain saw it, in one session's tokens. */
export function sessionTrace(overrides: Partial<SessionTrace> = {}): SessionTrace {
  return {
    anonymizedQuestion: `which films released in 1994 share a director with ${ANCHOR}`,
    anchors: [ANCHOR],
    indicator: {
      chain: [
        { relation: 'directed_by', direction: 'out', confidence: 0.9 },
        { relation: 'directed_by', direction: 'in', confidence: 0.8 },
      ],
      answerPosition: 2,
      dPredict: 2,
    },
    trajectory: [
      { mode: 'Topic', depth: 1, verified: false },
      { mode: 'Topic', depth: 2, verified: true },
    ],
    verifiedPaths: [
      {
        nodes: [ANCHOR, BRIDGE, ANSWER],
        edges: [
          { relation: 'directed_by', direction: 'out' },
          { relation: 'directed_by', direction: 'in' },
        ],
      },
      {
        nodes: [ANCHOR, YEAR, ANSWER],
        edges: [
          { relation: 'release_year', direction: 'out' },
          { relation: 'release_year', direction: 'in' },
        ],
      },
    ],
    failures: [{ mode: 'Topic', depth: 1, chain: [{ relation: 'starred_actors', direction: 'out' }], reason: `nothing verified next to ${ANCHOR}` }],
    outcome: 'verified',
    exposure: LABELS,
    literalValue: (t) => (t === YEAR ? '1994' : undefined),
    ...overrides,
  };
}

/** Deterministic unit vector, mostly along axis `axis`, tilted by `tilt` towards axis+1. */
export function unit(dim: number, axis: number, tilt = 0): Float32Array {
  const v = new Float32Array(dim);
  v[axis % dim] = Math.cos(tilt);
  v[(axis + 1) % dim] = Math.sin(tilt);
  return v;
}

export function tempDir(): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), 'ctrlg-memory-'));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}
