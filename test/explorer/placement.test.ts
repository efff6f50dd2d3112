import { describe, expect, it } from 'vitest';
import { footprint, overlaps, placeAround, type Box } from '../../src-renderer/src/components/explorer/placement.js';

const item = (id: string, chars = 12) => ({ id, ...footprint(24, chars) });

describe('placeAround', () => {
  it('places every new node without overlapping the boxes already there or each other', () => {
    const occupied: Box[] = [
      { x: 0, y: 0, ...footprint(30, 20) },
      { x: 120, y: 0, ...footprint(24, 28) },
      { x: -60, y: 110, ...footprint(24, 28) },
    ];
    const items = Array.from({ length: 40 }, (_, i) => item(`n${i}`, 5 + (i % 24)));
    const placed = placeAround({ x: 0, y: 0 }, items, occupied);
    expect(placed.size).toBe(40);
    const boxes: Box[] = [...occupied];
    for (const it of items) {
      const p = placed.get(it.id)!;
      const box = { ...p, halfW: it.halfW, halfH: it.halfH };
      expect(boxes.filter((b) => overlaps(b, box))).toEqual([]);
      boxes.push(box);
    }
  });

  it('is deterministic and leaves the occupied list unchanged', () => {
    const occupied: Box[] = [{ x: 5, y: 5, halfW: 40, halfH: 20 }];
    const copy = structuredClone(occupied);
    const a = placeAround({ x: 5, y: 5 }, [item('a'), item('b')], occupied, { x: 1, y: 0 });
    const b = placeAround({ x: 5, y: 5 }, [item('a'), item('b')], occupied, { x: 1, y: 0 });
    expect([...a]).toEqual([...b]);
    expect(occupied).toEqual(copy);
  });

  it('grows away from where the anchor came from', () => {
    const placed = placeAround({ x: 0, y: 0 }, [item('a')], [], { x: 1, y: 0 });
    expect(placed.get('a')!.x).toBeGreaterThan(100);
    expect(Math.abs(placed.get('a')!.y)).toBeLessThan(1);
  });
});
