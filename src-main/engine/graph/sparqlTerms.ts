// RDF terms between the engine and a SPARQL endpoint: ids written into queries (IRIs, blank-node labels, literal
// lexical forms, safely escaped), and result terms read back as entities the way the RDF importer reads them (an
// IRI is named by its shortened form until a label names it, a literal is an entity keyed by its lexical form).
import type { Entity, LiteralKind } from '../../common/graphTypes.js';
import { detectLiteralKind, rdfLiteralKind } from './literalKind.js';
import type { SparqlTerm } from './sparqlClient.js';
import { shortenIri } from './shortenIri.js';

export const RDFS_LABEL = 'http://www.w3.org/2000/01/rdf-schema#label';
export const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const XSD_STRING = 'http://www.w3.org/2001/XMLSchema#string';

/** An IRI as a SPARQL term; characters an IRIREF may not hold are refused, never passed into the query. */
export function iriTerm(iri: string): string {
  if (/[\u0000-\u0020<>"{}|^`\\]/.test(iri)) throw new Error(`"${iri}" cannot be written as an IRI in a SPARQL query`);
  return `<${iri}>`;
}

/** A string literal as a SPARQL term, every quote and control character escaped. */
export function stringTerm(text: string): string {
  return JSON.stringify(text).replace(/\\u([0-9a-f]{4})/gi, (_, h: string) => `\\u${h.toUpperCase()}`);
}

/** Whether an id names an IRI (anything with a scheme), rather than a literal's lexical form or a blank node. */
export function isIriId(id: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(id) && !id.startsWith('_:');
}

/**
 * The entity a result term denotes. A literal without a datatype (or xsd:string) gets the kind its text reads as,
 * as in a pipe or CSV file, since stores are often loaded from such files; a typed one gets its datatype's kind.
 */
export function entityOfTerm(term: SparqlTerm): Entity {
  switch (term.type) {
    case 'uri':
      return { id: term.value, name: shortenIri(term.value) };
    case 'bnode':
      return { id: `_:${term.value}`, name: term.value };
    default: {
      const plain = term.datatype === undefined || term.datatype === XSD_STRING;
      const literal: LiteralKind = plain ? (detectLiteralKind(term.value) ?? 'string') : rdfLiteralKind(term.datatype!);
      return { id: term.value, name: term.value, literal };
    }
  }
}
