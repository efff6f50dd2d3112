// Sorting for the exposure tables: by one column, either way, ties by name so the order is stable.
export type SortDir = 'asc' | 'desc';

export function sortRows<T extends object>(rows: readonly T[], key: keyof T, dir: SortDir, tie: keyof T): T[] {
  const sign = dir === 'asc' ? 1 : -1;
  const value = (r: T, k: keyof T): string | number => {
    const v = r[k];
    return typeof v === 'number' ? v : typeof v === 'string' ? v : -1;
  };
  return [...rows].sort((a, b) => {
    const x = value(a, key);
    const y = value(b, key);
    const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return c !== 0 ? sign * c : String(a[tie]).localeCompare(String(b[tie]));
  });
}
