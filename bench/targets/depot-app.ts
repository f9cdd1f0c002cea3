import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { serve } from '@hono/node-server'
import { sql } from 'kysely'
import pino from 'pino'
import { createApp } from '../../src/server/app'
import { accessToken, openDepot, TARGET_DATABASE_URL } from '../lib/app-fixture'
import { emptyPostgres } from '../lib/bench-database'
import { seedFolderFiles, seedProducts } from '../lib/seed'
import { HOST, portOf, serveTarget } from '../lib/target-server'

// The real Depot app, built as main.ts builds it, on a fresh migrated SQLite file in a temp dir.
// Argument: the log level. 'silent' measures the stack without log output; 'info' (production's
// default) also formats one line per request and writes it to /dev/null, the cheapest possible sink.
// Optional further arguments: `catalogue <count>` seeds published products first; `existing <dir>`
// serves the data folder a benchmark has prepared (and leaves it in place); `folder-listing <count>
// <userId> <folderId>` seeds a folder of files granted to a customer and asks for every request to
// carry that customer's personal access token. With BENCH_TARGET_DATABASE_URL set (app-fixture.ts
// targetDatabaseEnv) it opens that PostgreSQL database instead of SQLite; a seeding target empties it
// first and ANALYZEs it after its bulk load (a live database has statistics from autovacuum).
const level = process.argv[2] ?? 'silent'
const seed = process.argv[3]
const seedCount = seed === 'catalogue' || seed === 'folder-listing' ? Number(process.argv[4] ?? 10_000) : 0

serveTarget(async () => {
  const existing = seed === 'existing' ? process.argv[4] : undefined
  const dataDir = existing ?? fs.mkdtempSync(path.join(os.tmpdir(), 'depot-bench-'))
  const removeDataDir = () => {
    if (!existing) fs.rmSync(dataDir, { recursive: true, force: true })
  }
  process.on('exit', removeDataDir)

  // A benchmark that prepared a PostgreSQL database names it (app-fixture.ts targetDatabaseEnv).
  const postgresUrl = process.env[TARGET_DATABASE_URL]
  const seeds = seed === 'catalogue' || seed === 'folder-listing'
  if (postgresUrl && seeds) await emptyPostgres(postgresUrl)
  const { database, deps } = await openDepot(dataDir, {
    logLevel: level,
    logDestination: level === 'silent' ? undefined : pino.destination('/dev/null'),
    env: postgresUrl ? { DATABASE_URL: postgresUrl } : undefined,
  })
  if (seed === 'catalogue') await seedProducts(database.db, seedCount)
  const lister =
    seed === 'folder-listing' ? { userId: process.argv[5]!, folderId: process.argv[6]! } : undefined
  if (lister) await seedFolderFiles(database.db, lister, seedCount)
  if (postgresUrl && seeds) await sql`analyze`.execute(database.db)
  const { app } = createApp(deps)
  const headers: Record<string, string> = {}
  if (lister) {
    headers.Authorization = `Bearer ${await accessToken(deps, lister.userId, 'read-only')}`
  }

  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: HOST }, () => resolve(s))
  })
  return {
    port: portOf(server.address()),
    headers,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await database.close()
      removeDataDir()
    },
  }
})
