// The numeric arrays of the encoder. Training runs in Float32; gradient checks run the same code in Float64, so
// every kernel is written against this union and allocates through `zerosLike`.
export type Arr = Float32Array | Float64Array;
export type DType = 'f32' | 'f64';

export function zeros(dtype: DType, n: number): Arr {
  return dtype === 'f64' ? new Float64Array(n) : new Float32Array(n);
}

export function zerosLike(a: Arr, n = a.length): Arr {
  return a instanceof Float64Array ? new Float64Array(n) : new Float32Array(n);
}

/** Copies values into an array of the given dtype (e.g. Float32 DRM vectors into an f64 check). */
export function toDType(dtype: DType, values: ArrayLike<number>): Arr {
  const out = zeros(dtype, values.length);
  for (let i = 0; i < values.length; i++) out[i] = values[i];
  return out;
}
