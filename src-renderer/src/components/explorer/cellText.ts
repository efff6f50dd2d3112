// One console cell as short text: a node by its id or name, a relationship by its label, a path by its length.
import type { CypherCell } from '../../../../src-main/common/cypherTypes.js';

export function cellText(cell: CypherCell): string {
  if (cell === null) return '∅';
  if (typeof cell !== 'object') return String(cell);
  if (Array.isArray(cell)) return `[${cell.map(cellText).join(', ')}]`;
  if ('_nodes' in cell && Array.isArray(cell._nodes)) return `path of ${Array.isArray(cell._rels) ? cell._rels.length : 0} edge(s)`;
  if ('_src' in cell) return `-[${typeof cell.label === 'string' ? cell.label : String(cell._label)}]->`;
  if ('_label' in cell) return `(${String(cell._label)} ${typeof cell.name === 'string' ? cell.name : typeof cell.id === 'string' ? cell.id : ''})`;
  return JSON.stringify(cell);
}
