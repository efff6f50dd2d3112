// Bytes per block and elements per block of ggml tensor types (ggml.c `type_traits`), so a file's expected data
// size can be computed without loading the native addon. Only used to detect truncated files: an unknown type
// is skipped rather than guessed.

const TABLE: Readonly<Record<number, readonly [blockSize: number, typeSize: number]>> = {
  0: [1, 4], // F32
  1: [1, 2], // F16
  2: [32, 18], // Q4_0
  3: [32, 20], // Q4_1
  6: [32, 22], // Q5_0
  7: [32, 24], // Q5_1
  8: [32, 34], // Q8_0
  9: [32, 36], // Q8_1
  10: [256, 84], // Q2_K
  11: [256, 110], // Q3_K
  12: [256, 144], // Q4_K
  13: [256, 176], // Q5_K
  14: [256, 210], // Q6_K
  15: [256, 292], // Q8_K
  16: [256, 66], // IQ2_XXS
  17: [256, 74], // IQ2_XS
  18: [256, 98], // IQ3_XXS
  19: [256, 50], // IQ1_S
  20: [32, 18], // IQ4_NL
  21: [256, 110], // IQ3_S
  22: [256, 82], // IQ2_S
  23: [256, 136], // IQ4_XS
  24: [1, 1], // I8
  25: [1, 2], // I16
  26: [1, 4], // I32
  27: [1, 8], // I64
  28: [1, 8], // F64
  29: [256, 56], // IQ1_M
  30: [1, 2], // BF16
  34: [256, 54], // TQ1_0
  35: [256, 66], // TQ2_0
  39: [32, 17], // MXFP4
};

/** Size in bytes of a contiguous tensor of this type and shape, or undefined for a type we have no traits for. */
export function ggmlTensorBytes(ggmlType: number, dimensions: readonly (number | bigint)[]): number | undefined {
  const traits = TABLE[ggmlType];
  if (!traits) return undefined;
  const [blockSize, typeSize] = traits;
  const elements = dimensions.reduce<number>((a, d) => a * Number(d), 1);
  return Math.ceil(elements / blockSize) * typeSize;
}
