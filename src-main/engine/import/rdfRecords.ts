// Turns one RDF quad into parser records: rdfs:label → display name, rdf:type → entity type, else a triple.
import type { Quad, Term } from 'n3';
import { rdfLiteralKind } from '../graph/literalKind.js';
import type { EntityDraft, ParsedRecord } from './parsedRecord.js';
import { shortenIri } from './shortenIri.js';

const RDFS_LABEL = 'http://www.w3.org/2000/01/rdf-schema#label';
const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';

function entityOf(term: Term): EntityDraft {
  switch (term.termType) {
    case 'NamedNode':
      return { id: term.value, name: shortenIri(term.value) };
    case 'BlankNode':
      return { id: `_:${term.value}`, name: term.value };
    case 'Literal':
      // Equal literals are one entity (like "1971" in a pipe file), so the lexical form is the key.
      return { id: term.value, name: term.value, literal: rdfLiteralKind(term.datatype.value) };
    default:
      return { id: term.value, name: term.value };
  }
}

export function rdfRecord(quad: Quad, line: number): ParsedRecord {
  const predicate = quad.predicate.value;
  const subject = entityOf(quad.subject);
  if (predicate === RDFS_LABEL && quad.object.termType === 'Literal')
    return { kind: 'label', line, id: subject.id, name: quad.object.value };
  if (predicate === RDF_TYPE && quad.object.termType !== 'Literal')
    return { kind: 'type', line, id: subject.id, type: shortenIri(quad.object.value) };
  return { kind: 'triple', line, head: subject, relation: shortenIri(predicate), tail: entityOf(quad.object) };
}
