// Incremental placement: nodes already on the canvas never move; new ones go on rings around the node they hang
// from, each at the first spot where its box (node plus label) overlaps no box already placed. Deterministic (no
// randomness), so the same expansion draws the same picture, and pure, so it is testable without a DOM.

export interface Point {
  x: number;
  y: number;
}

/** A node's footprint: centre plus half extents covering the circle and the label under it. */
export interface Box extends Point {
  halfW: number;
  halfH: number;
}

export interface PlaceRequest {
  id: string;
  halfW: number;
  halfH: number;
}

const FIRST_RING = 120;
const RING_STEP = 70;
const MAX_RINGS = 40;
/** Space kept between two boxes. */
const GAP = 6;

/** Footprint of a node of diameter `size` with a label of `labelChars` characters below it (10 px font). */
export function footprint(size: number, labelChars: number): { halfW: number; halfH: number } {
  const labelWidth = Math.max(1, labelChars) * 6 + 8;
  return { halfW: Math.max(size, labelWidth) / 2, halfH: (size + 22) / 2 };
}

export function overlaps(a: Box, b: Box): boolean {
  return Math.abs(a.x - b.x) < a.halfW + b.halfW + GAP && Math.abs(a.y - b.y) < a.halfH + b.halfH + GAP;
}

/**
 * Positions for `items` around `anchor`, avoiding `occupied` (which is not changed). `away` is the direction new
 * nodes prefer (from the anchor's own parent through the anchor), so a branch grows outwards, not back over the tree.
 */
export function placeAround(anchor: Point, items: PlaceRequest[], occupied: Box[], away?: Point): Map<string, Point> {
  const placed = new Map<string, Point>();
  const boxes = [...occupied];
  const start = away && (away.x !== 0 || away.y !== 0) ? Math.atan2(away.y, away.x) : -Math.PI / 2;
  for (const item of items) {
    let spot: Point | undefined;
    for (let ring = 0; ring < MAX_RINGS && !spot; ring++) {
      const radius = FIRST_RING + ring * RING_STEP;
      const steps = Math.max(8, Math.floor((2 * Math.PI * radius) / 40));
      // Alternate either side of the preferred direction: 0, +1, −1, +2, −2, …
      for (let k = 0; k < steps && !spot; k++) {
        const offset = (k % 2 === 0 ? 1 : -1) * Math.ceil(k / 2);
        const angle = start + (offset * 2 * Math.PI) / steps;
        const candidate: Box = { x: anchor.x + radius * Math.cos(angle), y: anchor.y + radius * Math.sin(angle), halfW: item.halfW, halfH: item.halfH };
        if (!boxes.some((b) => overlaps(candidate, b))) spot = candidate;
      }
    }
    // Past every ring: stack below everything placed (never on top of another box).
    if (!spot) {
      const bottom = Math.max(...boxes.map((b) => b.y + b.halfH), anchor.y);
      spot = { x: anchor.x, y: bottom + item.halfH + GAP * 2 };
    }
    const rounded = { x: Math.round(spot.x * 100) / 100, y: Math.round(spot.y * 100) / 100 };
    placed.set(item.id, rounded);
    boxes.push({ ...rounded, halfW: item.halfW, halfH: item.halfH });
  }
  return placed;
}
