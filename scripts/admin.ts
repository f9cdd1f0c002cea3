// npm run admin -- <command>: see src/server/features/admin/admin-cli.ts for the commands.
import { openDatabase } from '../src/server/db/connection'
import { migrateToLatest } from '../src/server/db/migrator'
import { EnvError, loadEnv } from '../src/server/env'
import { COMMANDS_WITHOUT_MIGRATION, runAdminCommand } from '../src/server/features/admin/admin-cli'
import { createStorage } from '../src/server/lib/storage'

try {
  const env = loadEnv()
  const database = openDatabase(env.database)
  const storage = createStorage(env)
  try {
    const argv = process.argv.slice(2)
    if (!COMMANDS_WITHOUT_MIGRATION.includes(argv[0] ?? '')) await migrateToLatest(database)
    process.exitCode = await runAdminCommand({ database, clock: () => new Date(), env, storage }, argv, {
      out: (line) => console.log(line),
      err: (line) => console.error(line),
    })
  } finally {
    await storage.close()
    await database.close()
  }
} catch (error) {
  console.error(error instanceof EnvError ? error.message : `Failed: ${(error as Error).message}`)
  process.exitCode = 1
}
