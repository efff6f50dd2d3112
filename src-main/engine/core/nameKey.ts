// Name keys: how names and runs of words are compared when a name must be found in, or scrubbed from, free text.
import { isAscii, normalizeName } from '../../common/normalizeName.js';

/** Everyday words that are also entity names in real graphs; replacing them would garble the question. */
const COMMON_WORDS = new Set(
  (
    'the and for are but not you all any can had her was one our out day get has him his how man new now old see ' +
    'two way who boy did its let put say she too use what which when where whom whose why with from that this these ' +
    'those there their they them then than have been were will would could should about after again also film films ' +
    'movie movies show shows book books song songs play plays actor actors star stars year years time times life ' +
    'love home world people person name names first last best good great little big long more most other some such ' +
    'only own same into over under same very just like made make many much well back even give most write written ' +
    'direct directed director directors writer writers genre genres language languages release released type types ' +
    'tag tags rating ratings vote votes also together both each few here something anything nothing everything ' +
    'men women girl girls boys child children family friend friends house city war music'
  ).split(/\s+/),
);

/** Key a name or a run of words is compared by: normalised, punctuation read as spaces. */
export function nameKey(text: string): string {
  // ASCII (most names): normalising is lower-casing, and what is not a letter or digit becomes one space.
  if (isAscii(text)) return text.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
  return normalizeName(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Whether a name is specific enough to scrub from free text. */
export function scrubbable(key: string): boolean {
  if (key.length < 3) return false;
  return key.includes(' ') || !COMMON_WORDS.has(key);
}
