// Exact interning of number sequences (a node's sorted neighbourhood signature) to dense ids. The obvious
// string key (`sig.join(',')`) allocates a string per node and hashes it again in the Map; here a sequence is
// hashed as numbers, kept once in a flat array, and compared element by element on a hash hit — so two
// different signatures never share an id, which matters: a false merge would overstate anonymity.

export class SignatureInterner {
  private data = new Float64Array(1024);
  private used = 0;
  private start: number[] = [];
  private length: number[] = [];
  private next: number[] = [];
  private readonly heads = new Map<number, number>();

  get size(): number {
    return this.start.length;
  }

  /** Id of seq[from..to) (assigned densely in first-seen order). */
  intern(seq: ArrayLike<number>, from: number, to: number): number {
    let h = 0x811c9dc5 ^ (to - from);
    for (let i = from; i < to; i++) {
      const x = seq[i];
      // Values are non-negative integers below 2^53: mix the low and high 32-bit halves.
      h = Math.imul(h ^ (x >>> 0), 0x01000193);
      h = Math.imul(h ^ Math.floor(x / 4294967296), 0x01000193);
    }
    h &= 0x3fffffff; // stays a small integer key in the Map
    for (let id = this.heads.get(h) ?? -1; id >= 0; id = this.next[id]) if (this.equals(id, seq, from, to)) return id;
    const id = this.start.length;
    const len = to - from;
    if (this.used + len > this.data.length) {
      const grown = new Float64Array(Math.max(this.data.length * 2, this.used + len));
      grown.set(this.data.subarray(0, this.used));
      this.data = grown;
    }
    for (let i = 0; i < len; i++) this.data[this.used + i] = seq[from + i];
    this.start.push(this.used);
    this.length.push(len);
    this.used += len;
    this.next.push(this.heads.get(h) ?? -1);
    this.heads.set(h, id);
    return id;
  }

  private equals(id: number, seq: ArrayLike<number>, from: number, to: number): boolean {
    if (this.length[id] !== to - from) return false;
    const s = this.start[id];
    for (let i = from; i < to; i++) if (this.data[s + i - from] !== seq[i]) return false;
    return true;
  }
}
