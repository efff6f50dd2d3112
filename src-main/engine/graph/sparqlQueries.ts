// The SPARQL the graph source sends, built by pure functions (tested as text). Edges are every triple except the
// label predicate and rdf:type, which name and type entities instead (as the RDF importer reads them). Fan-out caps
// are pushed into the query: a group above its cap is fetched by its own sub-select with a LIMIT, so a hub never
// sends more than the cap over the wire.
import { iriTerm, isIriId, RDF_TYPE, stringTerm } from './sparqlTerms.js';

export interface SparqlScope {
  /** The named graph to read, or undefined for the endpoint's default graph. */
  graphIri?: string;
  labelPredicate: string;
}

export type QueryDirection = 'out' | 'in';

/** One triple pattern, inside the scope's named graph when it has one. */
export function pattern(scope: SparqlScope, s: string, p: string, o: string): string {
  const triple = `${s} ${p} ${o} .`;
  return scope.graphIri ? `GRAPH ${iriTerm(scope.graphIri)} { ${triple} }` : triple;
}

/** Keeps ?p to edge predicates. */
export function edgeFilter(scope: SparqlScope, p = '?p'): string {
  return `FILTER(${p} != ${iriTerm(scope.labelPredicate)} && ${p} != ${iriTerm(RDF_TYPE)})`;
}

/** Binds ?c to the given entity ids: IRIs through VALUES; a literal (keyed by its lexical form) through a filter. */
export function centreBinding(ids: string[]): { values: string; literal?: string } {
  const iris = ids.filter(isIriId);
  if (iris.length === ids.length) return { values: `VALUES ?c { ${iris.map(iriTerm).join(' ')} }` };
  if (ids.length !== 1) throw new Error('literal centres are queried one at a time');
  return { values: '', literal: `FILTER(isLiteral(?c) && str(?c) = ${stringTerm(ids[0])})` };
}

/** Edges around the centres, one direction: ?c ?p ?x with ?x the neighbour. */
function around(scope: SparqlScope, dir: QueryDirection): string {
  return dir === 'out' ? pattern(scope, '?c', '?p', '?x') : pattern(scope, '?x', '?p', '?c');
}

/** Size of every (centre, relation, direction) group. */
export function groupCountsQuery(scope: SparqlScope, ids: string[]): string {
  const b = centreBinding(ids);
  const branch = (dir: QueryDirection) => `{ ${b.values} ${around(scope, dir)} ${edgeFilter(scope)} ${b.literal ?? ''} BIND("${dir}" AS ?dir) }`;
  // A literal is never a subject: only its incoming edges are asked for.
  const body = b.literal ? branch('in') : `${branch('out')} UNION ${branch('in')}`;
  return `SELECT ?c ?p ?dir (COUNT(*) AS ?n) WHERE { ${body} } GROUP BY ?c ?p ?dir`;
}

/** Optional name and type of ?x, returned beside it. */
function describeX(scope: SparqlScope): string {
  return `OPTIONAL { ${pattern(scope, '?x', iriTerm(scope.labelPredicate), '?l')} } OPTIONAL { ${pattern(scope, '?x', iriTerm(RDF_TYPE), '?t')} }`;
}

export interface GroupRequest {
  centre: string;
  relation: string;
  direction: QueryDirection;
  /** undefined: the whole group. */
  limit?: number;
}

/**
 * Members of the requested groups, with their names and types. Whole groups of IRI centres go in one VALUES
 * block per direction; each capped group (and each literal centre) is its own sub-select with ORDER BY and LIMIT.
 */
export function groupMembersQuery(scope: SparqlScope, groups: GroupRequest[]): string {
  const branches: string[] = [];
  for (const dir of ['out', 'in'] as const) {
    const whole = groups.filter((g) => g.direction === dir && g.limit === undefined && isIriId(g.centre));
    if (whole.length)
      branches.push(
        `{ VALUES (?c ?p) { ${whole.map((g) => `(${iriTerm(g.centre)} ${iriTerm(g.relation)})`).join(' ')} } ${around(scope, dir)} BIND("${dir}" AS ?dir) }`,
      );
  }
  for (const g of groups) {
    if (g.limit === undefined && isIriId(g.centre)) continue;
    const b = centreBinding([g.centre]);
    const limit = g.limit === undefined ? '' : ` ORDER BY ?x LIMIT ${g.limit}`;
    branches.push(
      `{ SELECT ?c ?p ?x ?dir WHERE { ${b.values} BIND(${iriTerm(g.relation)} AS ?p) ${around(scope, g.direction)} ${b.literal ?? ''} BIND("${g.direction}" AS ?dir) }${limit} }`,
    );
  }
  return `SELECT ?c ?p ?dir ?x ?l ?t WHERE { { ${branches.join(' UNION ')} } ${describeX(scope)} }`;
}

/** Name, type and degree of IRI entities. */
export function describeQuery(scope: SparqlScope, iris: string[]): string {
  return `SELECT ?x ?l ?t WHERE { VALUES ?x { ${iris.map(iriTerm).join(' ')} } ${describeX(scope)} }`;
}

/** Degree (edges in either direction) of the given ids. */
export function degreeQuery(scope: SparqlScope, ids: string[]): string {
  const b = centreBinding(ids);
  const branch = (dir: QueryDirection) => `{ ${b.values} ${around(scope, dir)} ${edgeFilter(scope)} ${b.literal ?? ''} }`;
  return `SELECT ?c (COUNT(*) AS ?n) WHERE { ${b.literal ? branch('in') : `${branch('out')} UNION ${branch('in')}`} } GROUP BY ?c`;
}

/**
 * Entities whose label contains `needle` (case-blind for an ASCII needle): the candidates a name lookup then checks
 * with normalizeName on this side.
 */
export function labelSearchQuery(scope: SparqlScope, needle: string, limit: number): string {
  return (
    `SELECT DISTINCT ?x ?l WHERE { ${pattern(scope, '?x', iriTerm(scope.labelPredicate), '?l')} ` +
    `FILTER(CONTAINS(${/^[a-z0-9]+$/.test(needle) ? 'LCASE(STR(?l))' : 'STR(?l)'}, ${stringTerm(needle)})) } LIMIT ${limit}`
  );
}

/** Entities whose label is exactly `text` (a plain literal): an index lookup in any store, no scan. */
export function labelExactQuery(scope: SparqlScope, text: string, limit: number): string {
  return `SELECT DISTINCT ?x ?l WHERE { VALUES ?l { ${stringTerm(text)} } ${pattern(scope, '?x', iriTerm(scope.labelPredicate), '?l')} } LIMIT ${limit}`;
}

/** Every edge count by relation. */
export function relationCountsQuery(scope: SparqlScope): string {
  return `SELECT ?p (COUNT(*) AS ?n) WHERE { ${pattern(scope, '?s', '?p', '?o')} ${edgeFilter(scope)} } GROUP BY ?p`;
}

/** How many entities have each degree (the degree distribution, never one row per entity). */
export function degreeDistributionQuery(scope: SparqlScope): string {
  const inner =
    `SELECT ?e (COUNT(*) AS ?d) WHERE { { ${pattern(scope, '?e', '?p', '?o')} ${edgeFilter(scope)} } UNION ` +
    `{ ${pattern(scope, '?s', '?p', '?e')} ${edgeFilter(scope)} } } GROUP BY ?e`;
  return `SELECT ?d (COUNT(*) AS ?n) WHERE { { ${inner} } } GROUP BY ?d`;
}

/** The distinct literals that are edge tails, one page (unsorted, as allTriplesPageQuery). */
export function literalsPageQuery(scope: SparqlScope, limit: number, offset: number): string {
  return `SELECT DISTINCT ?o WHERE { ${pattern(scope, '?s', '?p', '?o')} ${edgeFilter(scope)} FILTER(isLiteral(?o)) } LIMIT ${limit} OFFSET ${offset}`;
}

/** Number of triples in scope (edges, labels and types). */
export function countAllQuery(scope: SparqlScope): string {
  return `SELECT (COUNT(*) AS ?n) WHERE { ${pattern(scope, '?s', '?p', '?o')} }`;
}

/**
 * One page of every triple in scope. No ORDER BY: stores cap sorted pages (Virtuoso sorts at most 10,000 rows past
 * an OFFSET), and an unsorted scan of an unchanging graph comes back in one order; the reader checks the row count.
 */
export function allTriplesPageQuery(scope: SparqlScope, limit: number, offset: number): string {
  return `CONSTRUCT { ?s ?p ?o } WHERE { ${pattern(scope, '?s', '?p', '?o')} } LIMIT ${limit} OFFSET ${offset}`;
}
