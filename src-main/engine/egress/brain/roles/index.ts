// The Brain roles by name.
import { analysisRole } from './analysisRole.js';
import type { BrainRoleSpec } from './brainRoleSpec.js';
import { rankingRole } from './rankingRole.js';

export { analysisRole, rankingRole, type BrainRoleSpec };
import { selectionPayloadRole } from './selectionRole.js';

export { selectionPayloadRole };
export { selectionRole, type SelectionRoleSpec } from './selectionRole.js';

