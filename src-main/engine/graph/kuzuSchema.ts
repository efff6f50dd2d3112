// The on-disk shape of one graph in Kuzu. Names are looked up in the graph snapshot's tables (nameIndexData.ts);
// the database's own name search (KuzuGraphStore.findEntities, for `ctrlg neighbors`) reads the `norm` column.
// Databases written before held a NameKey table and a Named hop as a name index; they are no longer read or written
// (loading them was a quarter of COPY at 10M triples).
// `ord` is the entity's place in the import (the file's order): Kuzu's COPY stores rows in its own, varying
// order, and the graph snapshot numbers entities by `ord`, so a snapshot rebuilt from the database is the same
// graph. Databases written before it have no `ord` and are read in Kuzu's order.
export const KUZU_FILE = 'graph.kuzu';

export const SCHEMA = [
  'CREATE NODE TABLE Entity(id STRING, name STRING, norm STRING, type STRING, literal STRING, degree INT64, ord INT64, PRIMARY KEY(id))',
  'CREATE REL TABLE Rel(FROM Entity TO Entity, label STRING)',
];

/**
 * The CSV token our import writes for an absent value (NULL). Kuzu reads an empty field — quoted or not — as
 * NULL unless told another NULL token, so without it an empty literal `""` became a NULL primary key. A term
 * equal to this token is refused at import (it would read back as NULL).
 */
export const CSV_NULL = '__ctrlg_null_7f3a__';
