// A growable Int32 column: millions of integers without a JS array's per-element cost.
export class IntColumn {
  private data = new Int32Array(1 << 16);
  length = 0;

  push(v: number): void {
    if (this.length === this.data.length) {
      const next = new Int32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }

  /** The values so far (a view: later pushes may move the storage). */
  view(): Int32Array {
    return this.data.subarray(0, this.length);
  }
}
