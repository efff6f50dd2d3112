// What a face that runs questions itself (the CLI's ask and eval) constructs and hands to assemble() as a Brain run:
// who decides each remote call (the terminal prompt for --approve ask, a fixed answer for --approve all / none), the
// environment variable its API key is read from, and the Brain kinds and approval modes its flags accept. The app's
// own approvals wait in BrainService's queue instead, its key in the shell's or the host's key store.
export { AutoApprover } from '../egress/brain/approval.js';
export { PromptApprover } from '../egress/brain/promptApprover.js';
export { BRAIN_KEY_ENV } from '../egress/brain/keyProvider.js';
export { APPROVE_MODES, BRAIN_KINDS } from '../egress/brain/createBrainFromOptions.js';
