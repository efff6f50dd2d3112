// The shipped demo questions, read at test time so specs follow resources/demo/questions.txt as it is.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export const DEMO_DIR = join(import.meta.dirname, '..', 'resources', 'demo');

export interface GoldQuestion {
  question: string;
  answers: string[];
}

/** questions.txt line by line: `question<TAB>answer1|answer2`. */
export async function goldQuestions(): Promise<GoldQuestion[]> {
  const text = await readFile(join(DEMO_DIR, 'questions.txt'), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.includes('\t'))
    .map((line) => {
      const [question, answers] = line.split('\t') as [string, string];
      return { question, answers: answers.split('|') };
    });
}

/** A demo edge whose question stays in questions.txt: without the edge, its answer can only be inferred. */
export const MISSING_EDGE = 'Jonah Mbeki-Stone|works_at|St. Elowen Memorial Hospital';
export const MISSING_QUESTION = 'Where does Jonah Mbeki-Stone work?';
