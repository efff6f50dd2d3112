// One colour per entity type, the same in every session (hashed from the name), from a palette that reads on light
// and dark backgrounds. Entities without a type keep the neutral colour.
const PALETTE = ['#2563eb', '#16a34a', '#db2777', '#9333ea', '#ea580c', '#0891b2', '#65a30d', '#c026d3', '#dc2626', '#0d9488', '#7c3aed', '#ca8a04'];
export const UNTYPED_COLOR = '#64748b';

export function typeColor(type: string | undefined): string {
  if (!type) return UNTYPED_COLOR;
  let h = 2166136261;
  for (let i = 0; i < type.length; i++) h = Math.imul(h ^ type.charCodeAt(i), 16777619);
  return PALETTE[(h >>> 0) % PALETTE.length]!;
}
