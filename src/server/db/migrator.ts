import { type MigrationResult, Migrator } from 'kysely'
import type { Database } from './connection'
import { migrations } from './migrations'

function migratorFor(database: Database): Migrator {
  return new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrations },
  })
}

/**
 * Applies pending migrations. Kysely takes a lock (a row lock on PostgreSQL, the single connection
 * on SQLite), so several instances starting together apply each migration once.
 */
export async function migrateToLatest(database: Database): Promise<MigrationResult[]> {
  const { error, results } = await migratorFor(database).migrateToLatest()
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${String(error)}`, {
      cause: error,
    })
  }
  return results ?? []
}

/** Names of migrations not yet applied (empty when the schema is current). */
export async function pendingMigrations(database: Database): Promise<string[]> {
  const all = await migratorFor(database).getMigrations()
  return all.filter((m) => m.executedAt === undefined).map((m) => m.name)
}

/** Names of every migration this code knows, in the order they apply. */
export function knownMigrations(): string[] {
  return Object.keys(migrations).sort()
}

/** Applies migrations up to and including `name` (a restore loads rows into the schema they left). */
export async function migrateTo(database: Database, name: string): Promise<void> {
  const { error, results } = await migratorFor(database).migrateTo(name)
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${String(error)}`, {
      cause: error,
    })
  }
}
