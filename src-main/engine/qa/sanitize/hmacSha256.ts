// HMAC-SHA256 (RFC 2104 over FIPS 180-4) in plain TypeScript, with the key's inner and outer pad states
// computed once. Why not node:crypto: createHmac costs ~4 µs per call in object setup alone, and a view needs
// one token per node (thousands) within a few milliseconds. With the padded-key states cached, a short message
// costs two compressions. Output is byte-identical to node:crypto (checked in test/sanitize/hmacSha256.test.ts).
// Pure TypeScript, no Node imports, so the token logic can run anywhere.

const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);
const IV = new Int32Array([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);
const HEX: string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

const W = new Int32Array(64);

/** One SHA-256 compression of the 64-byte block at data[off..off+63] into state. */
function compress(state: Int32Array, data: Uint8Array, off: number): void {
  for (let i = 0; i < 16; i++) {
    const j = off + i * 4;
    W[i] = (data[j] << 24) | (data[j + 1] << 16) | (data[j + 2] << 8) | data[j + 3];
  }
  for (let i = 16; i < 64; i++) {
    const w15 = W[i - 15];
    const w2 = W[i - 2];
    const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
    const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
    W[i] = (W[i - 16] + s0 + W[i - 7] + s1) | 0;
  }
  let a = state[0];
  let b = state[1];
  let c = state[2];
  let d = state[3];
  let e = state[4];
  let f = state[5];
  let g = state[6];
  let h = state[7];
  for (let i = 0; i < 64; i++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const ch = (e & f) ^ (~e & g);
    const t1 = (h + S1 + ch + K[i] + W[i]) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const maj = (a & b) ^ (a & c) ^ (b & c);
    const t2 = (S0 + maj) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  state[0] = (state[0] + a) | 0;
  state[1] = (state[1] + b) | 0;
  state[2] = (state[2] + c) | 0;
  state[3] = (state[3] + d) | 0;
  state[4] = (state[4] + e) | 0;
  state[5] = (state[5] + f) | 0;
  state[6] = (state[6] + g) | 0;
  state[7] = (state[7] + h) | 0;
}

/** Hashes `len` message bytes in buf after `prefixBlocks` blocks already folded into state; buf is scratch. */
function finish(state: Int32Array, buf: Uint8Array, len: number, prefixBytes: number): Uint8Array {
  // Pad in place: 0x80, zeros, 64-bit big-endian bit length (message lengths here stay far below 2^32 bits).
  const total = Math.ceil((len + 9) / 64) * 64;
  const block = total > buf.length ? growCopy(buf, len, total) : buf;
  block[len] = 0x80;
  block.fill(0, len + 1, total);
  const bits = (len + prefixBytes) * 8;
  block[total - 4] = (bits >>> 24) & 0xff;
  block[total - 3] = (bits >>> 16) & 0xff;
  block[total - 2] = (bits >>> 8) & 0xff;
  block[total - 1] = bits & 0xff;
  block[total - 5] = Math.floor(bits / 2 ** 32) & 0xff;
  for (let off = 0; off < total; off += 64) compress(state, block, off);
  const out = new Uint8Array(32);
  for (let i = 0; i < 8; i++) {
    out[i * 4] = state[i] >>> 24;
    out[i * 4 + 1] = (state[i] >>> 16) & 0xff;
    out[i * 4 + 2] = (state[i] >>> 8) & 0xff;
    out[i * 4 + 3] = state[i] & 0xff;
  }
  return out;
}

function growCopy(buf: Uint8Array, len: number, size: number): Uint8Array {
  const b = new Uint8Array(size);
  b.set(buf.subarray(0, len));
  return b;
}

const encoder = new TextEncoder();

/** A keyed HMAC-SHA256 with the padded key's states precomputed; call `wipe()` when the key is retired. */
export class HmacSha256 {
  private readonly inner = new Int32Array(8);
  private readonly outer = new Int32Array(8);
  private scratch = new Uint8Array(256);
  private readonly outerBlock = new Uint8Array(64);

  constructor(key: Uint8Array) {
    let k = key;
    if (k.length > 64) k = sha256(k);
    const pad = new Uint8Array(64);
    pad.set(k);
    const ipad = pad.map((x) => x ^ 0x36);
    const opad = pad.map((x) => x ^ 0x5c);
    this.inner.set(IV);
    compress(this.inner, ipad, 0);
    this.outer.set(IV);
    compress(this.outer, opad, 0);
    pad.fill(0);
    ipad.fill(0);
    opad.fill(0);
  }

  /** MAC of a UTF-8 string. */
  digest(message: string): Uint8Array {
    // Worst case UTF-8 is 3 bytes per UTF-16 unit; keep room for padding.
    if (message.length * 3 + 72 > this.scratch.length) this.scratch = new Uint8Array(message.length * 3 + 72);
    const { written } = encoder.encodeInto(message, this.scratch);
    return this.digestBytes(this.scratch, written ?? 0);
  }

  /** Lowercase hex of the first `chars` hex characters of the MAC. */
  hex(message: string, chars: number): string {
    const mac = this.digest(message);
    let s = '';
    const bytes = Math.min(32, Math.ceil(chars / 2));
    for (let i = 0; i < bytes; i++) s += HEX[mac[i]];
    return s.length > chars ? s.slice(0, chars) : s;
  }

  private digestBytes(buf: Uint8Array, len: number): Uint8Array {
    const st = new Int32Array(this.inner);
    const innerHash = finish(st, buf, len, 64);
    const ost = new Int32Array(this.outer);
    this.outerBlock.set(innerHash);
    return finish(ost, this.outerBlock, 32, 64);
  }

  /** Zeroes the cached key states. */
  wipe(): void {
    this.inner.fill(0);
    this.outer.fill(0);
    this.scratch.fill(0);
    this.outerBlock.fill(0);
  }
}

/** Plain SHA-256 (used for keys longer than a block). */
export function sha256(data: Uint8Array): Uint8Array {
  const st = new Int32Array(IV);
  const full = Math.floor(data.length / 64) * 64;
  for (let off = 0; off < full; off += 64) compress(st, data, off);
  const rest = new Uint8Array(128);
  rest.set(data.subarray(full));
  return finish(st, rest, data.length - full, full);
}
