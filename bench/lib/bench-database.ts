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

/**
 * Has PostgreSQL vacuum on its own while a long benchmark runs, as a server with its defaults does. A
 * server set up for test suites may have autovacuum off (this workplace's machines turn it off in
 * conf.d/90-ci.conf); then a run's dead rows pile up (the load's renames, trashes and restores leave
 * several a file a round) and every scan and PostgreSQL's share of the machine grow as the run goes.
 * When it is off, turns it on for the run (ALTER SYSTEM and a reload: the address must be a
 * superuser's) and answers how to put it back; says so either way.
 */
export async function autovacuumForRun(url: string): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ autovacuum: string }>('show autovacuum')
    if (rows[0]?.autovacuum === 'on') return async () => {}
    try {
      await client.query('alter system set autovacuum = on')
      await client.query('select pg_reload_conf()')
    } catch (error) {
      console.log(
        `   WARNING: autovacuum is off on this PostgreSQL and could not be turned on for the run (${(error as Error).message}): dead rows pile up as it goes`,
      )
      return async () => {}
    }
    console.log('   autovacuum was off on this PostgreSQL (a test setting): on for the run, off again after')
    return async () => {
      const after = new pg.Client({ connectionString: url })
      await after.connect()
      try {
        await after.query('alter system reset autovacuum')
        await after.query('select pg_reload_conf()')
      } finally {
        await after.end()
      }
    }
  } finally {
    await client.end()
  }
}
