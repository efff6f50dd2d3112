// The words a relation label says, for matching against question words: the label split by any naming style
// (tokenizeLabel), function words dropped ("has", "by", "in"), kept whole when nothing else is left.
import { tokenizeLabel } from '../../drm/tokenize.js';
import { STOPWORDS } from './questionText.js';

export function relationWords(label: string): string[] {
  const all = tokenizeLabel(label);
  const content = all.filter((w) => !STOPWORDS.has(w) && !/^\d+$/.test(w));
  return content.length ? content : all;
}

/** The words of a dotted label's type segment (domain.type.property): what kind of thing the relation's subject is. */
export function typeRelationWords(label: string): string[] {
  const segs = label.split('.');
  return segs.length >= 3 && /^[\w-]+$/.test(segs[segs.length - 2]) ? relationWords(segs[segs.length - 2]) : [];
}

/** The words naming the relation itself: a dotted Freebase label's property segment ("people.person.place_of_birth": place, birth), else relationWords. */
export function ownRelationWords(label: string): string[] {
  const segs = label.split('.');
  return segs.length >= 3 && /^[\w-]+$/.test(segs[segs.length - 1]) ? relationWords(segs[segs.length - 1]) : relationWords(label);
}
