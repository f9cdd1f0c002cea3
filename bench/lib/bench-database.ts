import pg from 'pg'

// Which databases a benchmark runs on: SQLite always (a file in the benchmark's data folder), and
// PostgreSQL too when BENCH_DATABASE_URL names a scratch database. That database is emptied (its
// public schema dropped and made again) before each benchmark seeds it: never point it at data you keep.

export interface BenchDatabase {
  /** 'SQLite' or 'PostgreSQL', as the tables print it. */
  label: 'SQLite' | 'PostgreSQL'
  /** The PostgreSQL address; undefined for SQLite (Depot's file in its data folder). */
  url: string | undefined
}

/** BENCH_DATABASE_URL, when set. */
export function postgresBenchUrl(): string | undefined {
  return process.env.BENCH_DATABASE_URL?.trim() || undefined
}

/** SQLite, then PostgreSQL when BENCH_DATABASE_URL is set. */
export function benchDatabases(): BenchDatabase[] {
  const url = postgresBenchUrl()
  return [{ label: 'SQLite', url: undefined }, ...(url ? [{ label: 'PostgreSQL' as const, url }] : [])]
}

/** The environment a Depot (in this process or a target's) needs to open `database`. */
export function databaseEnv(database: BenchDatabase | undefined): Record<string, string> {
  return database?.url ? { DATABASE_URL: database.url } : {}
}

/** Drops everything in the scratch database's public schema, so a seed starts from nothing. */
export async function emptyPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query('drop schema public cascade')
    await client.query('create schema public')
  } finally {
    await client.end()
  }
}

/** Where PostgreSQL was not measured, say how to measure it. */
export const POSTGRES_NOT_MEASURED =
  'PostgreSQL: not measured (set BENCH_DATABASE_URL to a scratch database: it is emptied first)'
