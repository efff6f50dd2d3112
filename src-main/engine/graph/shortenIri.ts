// Readable names for IRIs (the RDF importer and the SPARQL graph source): the fragment or last path segment, percent-decoded ("Le_Mans" keeps its "_",
// normalizeName reads it as a space at lookup time).

export function shortenIri(iri: string): string {
  const trimmed = iri.replace(/[/#]+$/, '');
  const hash = trimmed.lastIndexOf('#');
  const cut = hash >= 0 ? hash : Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf(':'));
  const local = cut >= 0 ? trimmed.slice(cut + 1) : trimmed;
  if (!local) return iri;
  try {
    return decodeURIComponent(local);
  } catch {
    return local; // a stray "%" is just a character
  }
}
