// Entity extraction: copy the spans of the question that name things of the knowledge graph.
import type { HandPrompt } from '../../../../llm/handTypes.js';
import { MAX_MENTIONS } from '../schemas/entityExtraction.js';

export const ENTITY_EXTRACTION_SYSTEM =
  'You find the named entities in a question about a knowledge graph. Copy each name exactly as it appears in the question. Answer in JSON.';

export function entityExtractionUser(question: string): string {
  return `Question: ${question}\nList the names (people, works, places, organisations, terms in [brackets]) the question mentions, at most ${MAX_MENTIONS}, copied exactly. Reply {"mentions": [...]}.`;
}

export const entityExtractionPrompt = (question: string): HandPrompt => ({ system: ENTITY_EXTRACTION_SYSTEM, user: entityExtractionUser(question) });
