// The words a relation label says, for matching against question words: the label split by any naming style
// (tokenizeLabel), function words dropped ("has", "by", "in"), kept whole when nothing else is left.
import { tokenizeLabel } from '../../drm/tokenize.js';
import { STOPWORDS } from './questionText.js';

export function relationWords(label: string): string[] {
  const all = tokenizeLabel(label);
  const content = all.filter((w) => !STOPWORDS.has(w) && !/^\d+$/.test(w));
  return content.length ? content : all;
}

/** A dotted label's segment `fromEnd` places before its end (domain.type.property: 0 the property, 1 the type). */
function dottedSegment(label: string, fromEnd: number): string | undefined {
  const segs = label.split('.');
  const seg = segs[segs.length - 1 - fromEnd];
  return segs.length >= 3 && /^[\w-]+$/.test(seg) ? seg : undefined;
}

/** The words of a dotted label's type segment (domain.type.property): what kind of thing the relation's subject is. */
export function typeRelationWords(label: string): string[] {
  const seg = dottedSegment(label, 1);
  return seg ? relationWords(seg) : [];
}

/** The words naming the relation itself: a dotted Freebase label's property segment ("people.person.place_of_birth": place, birth), else relationWords. */
export function ownRelationWords(label: string): string[] {
  return relationWords(dottedSegment(label, 0) ?? label);
}
