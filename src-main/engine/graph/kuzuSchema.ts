// The on-disk shape of one graph in Kuzu. NameKey is a hash index for normalised names: Kuzu 0.11 indexes
// only primary keys, so a (NameKey)-[:Named]->(Entity) hop turns name lookup into a key lookup, not a scan.
// `ord` is the entity's place in the import (the file's order): Kuzu's COPY stores rows in its own, varying
// order, and the graph snapshot numbers entities by `ord`, so a snapshot rebuilt from the database is the same
// graph. Databases written before it have no `ord` and are read in Kuzu's order.
export const KUZU_FILE = 'graph.kuzu';

export const SCHEMA = [
  'CREATE NODE TABLE Entity(id STRING, name STRING, norm STRING, type STRING, literal STRING, degree INT64, ord INT64, PRIMARY KEY(id))',
  'CREATE REL TABLE Rel(FROM Entity TO Entity, label STRING)',
  'CREATE NODE TABLE NameKey(norm STRING, PRIMARY KEY(norm))',
  'CREATE REL TABLE Named(FROM NameKey TO Entity)',
];

/**
 * The CSV token our import writes for an absent value (NULL). Kuzu reads an empty field — quoted or not — as
 * NULL unless told another NULL token, so without it an empty literal `""` became a NULL primary key. A term
 * equal to this token is refused at import (it would read back as NULL).
 */
export const CSV_NULL = '__ctrlg_null_7f3a__';
