// Errors of the experience memory. Each says what is wrong and that nothing was changed, so a caller can show
// it as is; none carries a record's content.

export class LeakyTraceError extends Error {
  constructor(readonly leaks: { kind: string; field: string }[]) {
    super(`Experience not stored: the trace is not abstract (${leaks.map((l) => `${l.kind} in ${l.field}`).join(', ')}).`);
    this.name = 'LeakyTraceError';
  }
}

export class MemoryKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MemoryKeyError';
  }
}

export class CorruptMemoryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CorruptMemoryError';
  }
}

export class UnknownExperienceError extends Error {
  constructor(readonly id: string) {
    super(`No experience record with id "${id}".`);
    this.name = 'UnknownExperienceError';
  }
}
