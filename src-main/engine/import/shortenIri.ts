// The RDF importer and the SPARQL graph source name IRIs the same way: one function, in graph/.
export { shortenIri } from '../graph/shortenIri.js';
