// Question files for evaluation: one `question<TAB>ans1|ans2` a line (MetaQA's qa_*.txt work as they are).
import { readFileSync } from 'node:fs';

export interface EvalQuestion {
  question: string;
  gold: string[];
}

export function parseQuestions(text: string): EvalQuestion[] {
  const out: EvalQuestion[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const tab = line.indexOf('\t');
    const question = (tab < 0 ? line : line.slice(0, tab)).trim();
    const gold = tab < 0 ? [] : line.slice(tab + 1).split('|').map((s) => s.trim()).filter(Boolean);
    if (question) out.push({ question, gold });
  }
  return out;
}

export function readQuestionsFile(path: string): EvalQuestion[] {
  return parseQuestions(readFileSync(path, 'utf8'));
}

/** Hits@1: the top answer is in the gold set, names compared case-insensitively. */
export function hitAt1(answers: readonly string[], gold: readonly string[]): boolean {
  if (answers.length === 0) return false;
  const top = answers[0].toLowerCase();
  return gold.some((g) => g.toLowerCase() === top);
}

export function quantile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
}
