// The words a relation label says, for matching against question words: the label split by any naming style
// (tokenizeLabel), function words dropped ("has", "by", "in"), kept whole when nothing else is left.
import { tokenizeLabel } from '../../drm/tokenize.js';
import { STOPWORDS } from './questionText.js';

export function relationWords(label: string): string[] {
  const all = tokenizeLabel(label);
  const content = all.filter((w) => !STOPWORDS.has(w) && !/^\d+$/.test(w));
  return content.length ? content : all;
}
