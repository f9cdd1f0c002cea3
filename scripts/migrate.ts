// npm run db:migrate — applies pending migrations to the configured database (DATABASE_URL or the
// SQLite file in DATA_DIR) and says what it did. The server also does this at start-up.
import { openDatabase } from '../src/server/db/connection'
import { migrateToLatest } from '../src/server/db/migrator'
import { EnvError, loadEnv } from '../src/server/env'

try {
  const env = loadEnv()
  const database = openDatabase(env.database)
  try {
    const results = await migrateToLatest(database)
    const where = env.database.dialect === 'sqlite' ? env.database.file : 'PostgreSQL'
    if (results.length === 0) console.log(`Database is up to date (${where}).`)
    for (const r of results) console.log(`applied ${r.migrationName} (${where})`)
  } finally {
    await database.close()
  }
} catch (error) {
  console.error(error instanceof EnvError ? error.message : `Migration failed: ${(error as Error).message}`)
  process.exitCode = 1
}
