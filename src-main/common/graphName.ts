// The graph-name schema, on its own so the contract's blocks (contract.ts, graspContract.ts) can share it without
// importing each other at load time.
import { z } from 'zod';

/** Graph names as the library accepts them (folder names on disk). */
export const graphName = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'graph names use letters, digits, ".", "_" and "-"');
