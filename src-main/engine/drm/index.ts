// Public surface of the dense retrieval model.
export { cosine, dot } from './cosine.js';
export { tokenizeLabel, tokenizeText } from './tokenize.js';
export { GloveDrm, loadGloveDrm, morphologicalVariants, type GloveDrmOptions } from './gloveDrm.js';
export { loadGloveTable, resolveCacheDir, type GloveTable } from './gloveCache.js';
