// What a Brain role is: its fixed system prompt, its reply schema, and how a reply is checked against the
// payload it answers. Shared by the remote, local-model and stand-in Brains so all three obey the same rules.
import type { BrainPayload, BrainRole } from '../../../../common/brainTypes.js';
import type { JsonSchema } from '../../../llm/jsonSchema.js';
import type { Rejection } from '../brain.js';

export interface BrainRoleSpec<T> {
  role: BrainRole;
  system: string;
  schema: JsonSchema;
  /** Reply budget in tokens. */
  maxTokens: number;
  /** Turns a schema-valid reply into a value, dropping (and reporting) anything not in the payload. */
  interpret(json: unknown, payload: BrainPayload): { value: T; rejected: Rejection[] };
}
