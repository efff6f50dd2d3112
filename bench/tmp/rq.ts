import { readQuestion } from '../../src-main/engine/qa/hand/questionText.js';
const q = process.argv[2];
const s = q.indexOf('['), e = q.indexOf(']') + 1;
console.log(JSON.stringify(readQuestion(q, [{ start: s, end: e }]).words.map((w) => [w.text, w.kind, w.chainNode, w.chainModifier, w.side, w.distance])));
