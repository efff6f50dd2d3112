// Wording for model facts: parameter counts, file problems, load phases.
import type { LoadPhase, ModelFileProblem } from '../../../../src-main/common/modelTypes.js';

/** 1_234_567 → "1.2M", 7_240_000_000 → "7.2B". */
export function formatParameters(n: number): string {
  const units: [number, string][] = [
    [1e12, 'T'],
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'K'],
  ];
  for (const [size, unit] of units) if (n >= size) return `${(n / size).toFixed(n / size < 10 ? 1 : 0)}${unit}`;
  return String(n);
}

/** What the user can do about each kind of broken file. */
export const PROBLEM_ADVICE: Record<ModelFileProblem, string> = {
  missing: 'The file is gone.',
  truncated: 'The file is incomplete: download or copy it again.',
  bad_magic: 'Not a GGUF model file.',
  unsupported_architecture: 'This llama.cpp build cannot run this architecture.',
  corrupt: 'The GGUF header cannot be read.',
};

export const LOAD_PHASE_LABEL: Record<LoadPhase, string> = {
  start: 'Starting llama.cpp',
  inspect: 'Checking the file',
  estimate: 'Estimating memory',
  load: 'Loading weights',
  context: 'Creating the context',
  done: 'Loaded',
};
