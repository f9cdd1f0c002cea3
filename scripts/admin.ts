// npm run admin -- <command>: see src/server/features/admin/admin-cli.ts for the commands.
import { openDatabase } from '../src/server/db/connection'
import { migrateToLatest } from '../src/server/db/migrator'
import { EnvError, loadEnv } from '../src/server/env'
import { runAdminCommand } from '../src/server/features/admin/admin-cli'

try {
  const env = loadEnv()
  const database = openDatabase(env.database)
  try {
    await migrateToLatest(database)
    process.exitCode = await runAdminCommand(
      { env, database, clock: () => new Date() },
      process.argv.slice(2),
      {
        out: (line) => console.log(line),
        err: (line) => console.error(line),
      },
    )
  } finally {
    await database.close()
  }
} catch (error) {
  console.error(error instanceof EnvError ? error.message : `Failed: ${(error as Error).message}`)
  process.exitCode = 1
}
