import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { serve } from '@hono/node-server'
import { createApp } from '../../src/server/app'
import { startSession } from '../../src/server/features/accounts/sessions/sessions.service'
import { newId } from '../../src/server/lib/ids'
import { nameKey } from '../../src/shared/names'
import { accessToken, openDepot } from '../lib/app-fixture'
import { HOST, portOf } from '../lib/target-server'

// The real Depot app for the file-transfer bench: a fresh SQLite file and blob folder in a temp dir,
// one admin with a session, an access token and one folder. It tells the runner (IPC) its port, cookie,
// folder, token and data folder, and answers `rss` with its peak resident memory so far and `cpu` with
// its CPU time so far (user and system, all threads, in microseconds). Argument
// `accel`: downloads are handed to nginx with X-Accel-Redirect under /_blobs/ (DOWNLOAD_ACCEL_PREFIX).
// `web <port>`: also serves the built web app (dist/web) on that port, its origin the one allowed, for a
// browser to drive.
const accel = process.argv[2] === 'accel'
const webPort = process.argv[2] === 'web' ? Number(process.argv[3]) : undefined

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-bench-files-'))
  process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }))
  const { database, deps } = await openDepot(dataDir, {
    env: {
      MAX_UPLOAD_BYTES: String(64 * 1024 ** 3),
      ...(accel ? { DOWNLOAD_ACCEL_PREFIX: '/_blobs/' } : {}),
      ...(webPort ? { AUTH_URL: `http://${HOST}:${webPort}` } : {}),
    },
  })
  if (webPort) deps.webRoot = path.resolve(import.meta.dirname, '../../dist/web')
  const now = new Date().toISOString()
  const userId = newId()
  await database.db
    .insertInto('users')
    .values({
      id: userId,
      first_name: 'Bench',
      last_name: 'Admin',
      name: 'Bench Admin',
      email: 'bench@example.com',
      emailVerified: now,
      account_type: 'individual',
      password: null,
      business_name: null,
      image: null,
      industry: null,
      isRestricted: false,
      role: 'admin',
      staffFunctions: '[]',
      createdAt: now,
      updatedAt: now,
    })
    .execute()
  const folderId = newId()
  await database.db
    .insertInto('folders')
    .values({
      id: folderId,
      folder_name: 'Bench',
      name_key: nameKey('Bench'),
      type: 'locked',
      isTrashed: false,
      parent_id: null,
      createdBy: userId,
      createdAt: now,
      updatedAt: now,
    })
    .execute()
  // Administrator of the folder too, so it is in the admin's My folders for the WebDAV bench.
  await database.db
    .insertInto('folder_permissions')
    .values({
      id: newId(),
      folder_id: folderId,
      user_id: userId,
      permissionType: 'administrator',
      createdAt: now,
      updatedAt: now,
    })
    .execute()
  const token = await accessToken(deps, userId)
  const session = await startSession(deps, userId, { ipAddress: '127.0.0.1', userAgent: 'bench' })
  const { app } = createApp(deps)
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: webPort ?? 0, hostname: HOST }, () => resolve(s))
  })
  process.on('message', (message: { type: string }) => {
    if (message.type === 'rss')
      process.send?.({ type: 'rss', peakBytes: process.resourceUsage().maxRSS * 1024 })
    if (message.type === 'cpu') process.send?.({ type: 'cpu', ...process.cpuUsage() })
    if (message.type === 'stop') process.exit(0)
  })
  process.on('disconnect', () => process.exit(0))
  process.send?.({
    type: 'ready',
    port: portOf(server.address()),
    cookie: `depot.session=${session.token}`,
    folderId,
    token,
    dataDir,
  })
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
