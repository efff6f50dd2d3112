// A growable Int32 column: millions of integers without a JS array's per-element cost.
export class IntColumn {
  private data = new Int32Array(1 << 16);
  length = 0;

  push(v: number): void {
    if (this.length === this.data.length) this.data = grownInt32(this.data);
    this.data[this.length++] = v;
  }

  /** The values so far (a view: later pushes may move the storage). */
  view(): Int32Array {
    return this.data.subarray(0, this.length);
  }
}

/** A copy of `a`, twice as long (or `least` long, if more). */
export function grownInt32(a: Int32Array, least = 0): Int32Array<ArrayBuffer> {
  const b = new Int32Array(Math.max(a.length * 2, least));
  b.set(a);
  return b;
}
