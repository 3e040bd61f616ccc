/**
 * The sandboxes' port to relational storage: the one call their stores make. The engine's
 * PostgreSQL and PGlite clients fit it as they are; the composition root hands one in.
 */
export interface SqlQuery {
  query<Row = Record<string, unknown>>(
    text: string,
    params?: readonly unknown[],
  ): Promise<{ rows: Row[]; rowCount: number }>;
}

/** A schema change the composition root applies with its own runner; ids are never renamed once released. */
export interface Migration {
  id: string;
  sql: string;
}
