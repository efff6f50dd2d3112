// A five-triple books graph and three questions about it (one two-hop), written into `dir`: small enough that a
// remote-Brain eval over it runs in a second, for the tests of what an eval sends and records.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function writeBooksGraph(dir: string): { kb: string; questions: string } {
  const kb = join(dir, 'books.txt');
  writeFileSync(kb, ['Moonfall|written_by|Ilse Varga', 'Tidewater|written_by|Ilse Varga', 'Ashen Road|written_by|Tomas Bry', 'Ilse Varga|born_in|Kelmar', 'Tomas Bry|born_in|Ostra'].join('\n'));
  const questions = join(dir, 'books-q.txt');
  writeFileSync(questions, ['who wrote [Moonfall]\tIlse Varga', 'where was the writer of [Ashen Road] born\tOstra', 'who wrote [Tidewater]\tIlse Varga'].join('\n'));
  return { kb, questions };
}
