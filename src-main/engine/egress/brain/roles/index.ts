// The Brain roles by name.
import type { BrainRole } from '../../../../common/brainTypes.js';
import { analysisRole } from './analysisRole.js';
import type { BrainRoleSpec } from './brainRoleSpec.js';
import { rankingRole } from './rankingRole.js';

export { analysisRole, rankingRole, type BrainRoleSpec };
import { selectionPayloadRole } from './selectionRole.js';

export { selectionPayloadRole };
export { selectionRole, type SelectionRoleSpec } from './selectionRole.js';

/** The system prompt sent with a payload of this role (the exposure report counts it). */
export function systemPromptFor(role: BrainRole): string {
  return role === 'analysis' ? analysisRole.system : role === 'selection' ? selectionPayloadRole.system : rankingRole.system;
}
