// Outcome of checking a schema-valid reply against the graph and the skill's inputs.

export type SkillCheck<T> = { ok: true; value: T } | { ok: false; errors: string[] };

export const accept = <T>(value: T): SkillCheck<T> => ({ ok: true, value });

export const reject = <T>(errors: string[]): SkillCheck<T> => ({ ok: false, errors });
