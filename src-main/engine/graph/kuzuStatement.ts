// Runs one Cypher statement whose rows nobody reads (DDL, COPY, CREATE) and closes what it returns at once.
// A Kuzu result left to the garbage collector is destroyed whenever V8 gets to it, possibly after its database
// was closed, and that use-after-free kills the process now and then (about one test run in six).
import type { Connection } from 'kuzu';

export async function runStatement(conn: Connection, cypher: string): Promise<void> {
  const result = await conn.query(cypher);
  for (const r of Array.isArray(result) ? result : [result]) r.close();
}
