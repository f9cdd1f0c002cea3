import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { serve } from '@hono/node-server'
import pino from 'pino'
import { createApp } from '../../src/server/app'
import { accessToken, openDepot, TARGET_DATABASE_URL } from '../lib/app-fixture'
import { seedFolderFiles, seedProducts } from '../lib/seed'
import { HOST, portOf, serveTarget } from '../lib/target-server'

// The real Depot app, built as main.ts builds it, on a fresh migrated SQLite file in a temp dir.
// Argument: the log level. 'silent' measures the stack without log output; 'info' (production's
// default) also formats one line per request and writes it to /dev/null, the cheapest possible sink.
// Optional further arguments: `catalogue <count>` seeds published products first; `existing <dir>`
// serves the data folder a benchmark has prepared (and leaves it in place); `folder-listing <count>
// <userId> <folderId>` seeds a folder of files granted to a customer and asks for every request to
// carry that customer's personal access token.
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

  const { database, deps } = await openDepot(dataDir, {
    logLevel: level,
    logDestination: level === 'silent' ? undefined : pino.destination('/dev/null'),
    // A benchmark that prepared a PostgreSQL database names it (app-fixture.ts targetDatabaseEnv).
    env: process.env[TARGET_DATABASE_URL] ? { DATABASE_URL: process.env[TARGET_DATABASE_URL] } : undefined,
  })
  if (seed === 'catalogue') await seedProducts(database.db, seedCount)
  const lister =
    seed === 'folder-listing' ? { userId: process.argv[5]!, folderId: process.argv[6]! } : undefined
  if (lister) await seedFolderFiles(database.db, lister, seedCount)
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
