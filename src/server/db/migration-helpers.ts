import { type ColumnDataType, type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely'

// Small helpers so one migration file serves SQLite and PostgreSQL (docs/decisions/0003).

export type MigrationDialect = 'sqlite' | 'postgres'

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the database as it was, not as typed now
export function dialectOf(db: Kysely<any>): MigrationDialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite'
}

export function columnTypes(dialect: MigrationDialect): {
  timestamp: ColumnDataType
  bigint: ColumnDataType
} {
  return dialect === 'postgres'
    ? { timestamp: 'timestamptz', bigint: 'bigint' }
    : { timestamp: 'text', bigint: 'integer' }
}

/** A CHECK expression limiting a column to an enumeration. */
export function oneOf(column: string, values: readonly string[]): RawBuilder<unknown> {
  return sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`
}
