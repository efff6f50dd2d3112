// Which end of its stored triple an edge of the CSR starts from.
/** The entity is the head of the stored triple. */
export const DIR_OUT = 0;
/** The entity is the tail of the stored triple. */
export const DIR_IN = 1;
