import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, describe, expect, it } from 'vitest'
import { createDiskBlobStore } from '../../src/server/lib/storage/disk-blob-store'
import { startServer } from '../support/server-process'
import { createTestDatabase, type TestDatabase, testDialect } from '../support/test-database'

// What Depot keeps under DATA_DIR is the server account's alone, whatever the umask it was started
// with: the folder 0700; the SQLite database with its -wal and -shm, blobs, staged uploads and mail
// files (which hold reset links) 0600.

const ORIGIN = 'http://localhost:3000'
const modeOf = (file: string) => fs.statSync(file).mode & 0o777
const cleanups: (() => Promise<void> | void)[] = []
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup()
})

/** Waits (bounded) for `find` to answer something: the server does its work in its own time. */
async function eventually<T>(find: () => T | undefined, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = find()
    if (found !== undefined) return found
    if (Date.now() > deadline) throw new Error(`no ${what} after ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).flatMap((entry) => {
    const full = path.join(entry.parentPath, entry.name)
    return entry.isFile() ? [full] : []
  })
}

describe('file permissions', () => {
  it('keeps the data folder, the database and mail files private when the server runs with umask 000', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-perms-'))
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }))
    fs.chmodSync(dataDir, 0o777) // an existing folder left open to everyone
    const env: Record<string, string> = { DATA_DIR: dataDir, AUTH_URL: ORIGIN }
    if (testDialect() === 'postgres') {
      const db: TestDatabase = await createTestDatabase()
      cleanups.push(() => db.drop())
      if (db.config.dialect === 'postgres') env.DATABASE_URL = db.config.url
    }
    const server = await startServer(env, 30_000, { umask: '000' })
    try {
      const signUp = await fetch(`${server.url}/api/accounts/sign-up`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: ORIGIN },
        body: JSON.stringify({
          email: 'umask@example.com',
          password: 'a long enough passphrase 7',
          first_name: 'Uma',
          last_name: 'Mask',
          account_type: 'individual',
        }),
      })
      expect(signUp.status).toBe(202)
      const mailDir = path.join(dataDir, 'mail')
      const mail = await eventually(
        () => (fs.existsSync(mailDir) ? fs.readdirSync(mailDir).find((f) => f.endsWith('.eml')) : undefined),
        'mail file',
      )

      expect(modeOf(dataDir)).toBe(0o700)
      expect(modeOf(mailDir)).toBe(0o700)
      expect(modeOf(path.join(mailDir, mail))).toBe(0o600)
      expect(modeOf(path.join(dataDir, 'auth-secret'))).toBe(0o600)
      if (testDialect() === 'sqlite') {
        const database = path.join(dataDir, 'depot.sqlite')
        expect(modeOf(database)).toBe(0o600)
        expect(modeOf(`${database}-wal`)).toBe(0o600)
        expect(modeOf(`${database}-shm`)).toBe(0o600)
      }
      // Nothing under the data folder is readable by anyone else.
      for (const file of filesUnder(dataDir)) expect(modeOf(file) & 0o077, file).toBe(0)
    } finally {
      server.child.kill('SIGTERM')
      await server.exited
    }
  })

  it('writes blobs and staged uploads owner-only under a permissive umask', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-perms-blobs-'))
    cleanups.push(() => fs.rmSync(root, { recursive: true, force: true }))
    const previous = process.umask(0o000)
    try {
      const store = createDiskBlobStore(path.join(root, 'blobs'))
      const put = await store.put(Readable.from([Buffer.from('whole blob')]))
      const staged = await store.beginStagedWrite(6)
      const appended = await store.appendStagedWrite(staged, Readable.from([Buffer.from('staged')]))
      const stagedFiles = filesUnder(path.join(root, 'blobs', 'staging'))
      expect(stagedFiles).toHaveLength(1)
      expect(modeOf(stagedFiles[0]!)).toBe(0o600)
      const committed = await store.commitStagedWrite(appended.write)

      for (const key of [put.key, committed.key]) {
        const file = filesUnder(path.join(root, 'blobs')).find((f) => path.basename(f) === key)
        expect(file, key).toBeDefined()
        expect(modeOf(file!)).toBe(0o600)
        expect(modeOf(path.dirname(file!))).toBe(0o700)
      }
      await store.close()
    } finally {
      process.umask(previous)
    }
  })
})
