import { execFile } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { testDialect } from '../support/test-database'
import { listen } from './dav-server'
import { dav, makeToken } from './helpers'

// rclone, a widely used WebDAV client, syncs a tree of 1,000 small files up into a folder through
// /dav/ and back down into an empty directory (on SQLite; see the test); every file comes back with the same SHA-256. With
// vendor=owncloud (what docs/webdav.md recommends), files keep their modification times both ways,
// a second copy of an unchanged tree uploads nothing, `check` compares the SHA-1/MD5 Depot publishes
// (oc:checksums), and bisync runs.

const RCLONE = ['/usr/bin/rclone'].find((p) => existsSync(p))
const why = RCLONE ? undefined : 'rclone is not installed (apt-get install rclone; .ci/run installs it)'
const DIRS = 10
const PER_DIR = 100

let t: TestApp
let server: Awaited<ReturnType<typeof listen>>
let work: string
let env: Record<string, string>
let token: string

function rclone(args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(RCLONE!, args, { env, timeout: 240_000, maxBuffer: 16 << 20 }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}` }),
    )
  })
}

async function hashes(root: string): Promise<Map<string, string>> {
  const result = new Map<string, string>()
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const full = path.join(entry.parentPath, entry.name)
    result.set(
      path.relative(root, full),
      createHash('sha256')
        .update(await readFile(full))
        .digest('hex'),
    )
  }
  return result
}

beforeAll(async () => {
  if (why) return
  t = await createTestApp()
  const person = await signedIn(t, { name: 'Rae Clone' })
  token = await makeToken(person)
  expect((await dav(t, token)('MKCOL', 'My folders/Synced')).status).toBe(201)
  server = await listen(t)
  work = await mkdtemp(path.join(tmpdir(), 'depot-rclone-'))
  const obscured = await new Promise<string>((resolve, reject) =>
    execFile(RCLONE!, ['obscure', token], (error, stdout) =>
      error ? reject(error) : resolve(stdout.trim()),
    ),
  )
  // An on-the-fly remote from the environment: no config file is read or written.
  env = {
    PATH: process.env.PATH ?? '',
    HOME: work,
    RCLONE_CONFIG: path.join(work, 'none.conf'),
    RCLONE_CONFIG_DEPOT_TYPE: 'webdav',
    RCLONE_CONFIG_DEPOT_URL: `${server.origin}/dav/My%20folders/Synced`,
    RCLONE_CONFIG_DEPOT_VENDOR: 'other',
    RCLONE_CONFIG_DEPOT_USER: 'rclone',
    RCLONE_CONFIG_DEPOT_PASS: obscured,
    RCLONE_CONFIG_DEPOTUNICODE_TYPE: 'webdav',
    RCLONE_CONFIG_DEPOTUNICODE_URL: `${server.origin}/dav/My%20folders/Unicode`,
    // The setting docs/webdav.md recommends.
    RCLONE_CONFIG_DEPOTUNICODE_VENDOR: 'owncloud',
    RCLONE_CONFIG_DEPOTUNICODE_USER: 'rclone',
    RCLONE_CONFIG_DEPOTUNICODE_PASS: obscured,
    // vendor=owncloud: rclone sends each file's modification time (X-OC-Mtime) and compares by it.
    RCLONE_CONFIG_DEPOTMTIME_TYPE: 'webdav',
    RCLONE_CONFIG_DEPOTMTIME_URL: `${server.origin}/dav/My%20folders/Mtime`,
    RCLONE_CONFIG_DEPOTMTIME_VENDOR: 'owncloud',
    RCLONE_CONFIG_DEPOTMTIME_USER: 'rclone',
    RCLONE_CONFIG_DEPOTMTIME_PASS: obscured,
    RCLONE_CONFIG_DEPOTBISYNC_TYPE: 'webdav',
    RCLONE_CONFIG_DEPOTBISYNC_URL: `${server.origin}/dav/My%20folders/Bisync`,
    RCLONE_CONFIG_DEPOTBISYNC_VENDOR: 'owncloud',
    RCLONE_CONFIG_DEPOTBISYNC_USER: 'rclone',
    RCLONE_CONFIG_DEPOTBISYNC_PASS: obscured,
  }
})
afterAll(async () => {
  await server?.close()
  if (work) await rm(work, { recursive: true, force: true })
})

describe.skipIf(why !== undefined)(`rclone${why ? ` (skipped: ${why})` : ''}`, () => {
  // On SQLite only: rclone spaces its WebDAV requests 10 ms apart (its pacer), so a thousand files
  // take it some 45 s whichever database answers. The 300-file copies below send PostgreSQL the same
  // requests (PROPFIND, MKCOL, PUT, GET).
  it.skipIf(testDialect() !== 'sqlite')(
    'syncs 1,000 files up and back with equal checksums (on SQLite only: rclone’s pace, not the database, sets its time)',
    {
      timeout: 300_000,
    },
    async () => {
      const up = path.join(work, 'up')
      for (let d = 0; d < DIRS; d++) {
        await mkdir(path.join(up, `dir ${d}`), { recursive: true })
        for (let f = 0; f < PER_DIR; f++)
          await writeFile(
            path.join(up, `dir ${d}`, `file-${f}.bin`),
            randomBytes(64 + ((d * PER_DIR + f) % 512)),
          )
      }
      const flags = ['--transfers', '4', '--checkers', '4', '--retries', '1', '--low-level-retries', '1']
      const sent = await rclone(['sync', up, 'depot:', ...flags])
      expect(sent.code, sent.output).toBe(0)
      const files = await t.database.db
        .selectFrom('files')
        .select('id')
        .where('isTrashed', '=', false)
        .execute()
      expect(files).toHaveLength(DIRS * PER_DIR)

      const down = path.join(work, 'down')
      const got = await rclone(['sync', 'depot:', down, ...flags])
      expect(got.code, got.output).toBe(0)
      const [before, after] = [await hashes(up), await hashes(down)]
      expect(after.size).toBe(DIRS * PER_DIR)
      expect(after).toEqual(before)
    },
  )

  it('copies 300 files with unicode names with the documented setting; a second copy uploads nothing', {
    timeout: 300_000,
  }, async () => {
    const names = ['Résumé', 'Ünïcödé', '日本語', 'Ελληνικά', 'emoji 🎉']
    const tree = path.join(work, 'unicode')
    for (let n = 0; n < 300; n++) {
      const dir = path.join(tree, names[n % names.length]!)
      await mkdir(dir, { recursive: true })
      await writeFile(path.join(dir, `fichier ${n} – ñ.txt`), randomBytes(32 + (n % 100)))
    }
    expect((await dav(t, token)('MKCOL', 'My folders/Unicode')).status).toBe(201)
    const flags = ['--transfers', '4', '--checkers', '4', '--retries', '1', '--low-level-retries', '1']
    const target = 'depotunicode:'
    const first = await rclone(['copy', tree, target, ...flags])
    expect(first.code, first.output).toBe(0)
    const versionsBefore = await t.database.db.selectFrom('file_versions').select('id').execute()
    const second = await rclone(['copy', tree, target, ...flags, '-v'])
    expect(second.code, second.output).toBe(0)
    expect(second.output).not.toMatch(/: Copied \(/)
    // A re-upload would have replaced the files, keeping their old content as versions.
    expect(await t.database.db.selectFrom('file_versions').select('id').execute()).toEqual(versionsBefore)
    const down = path.join(work, 'unicode-down')
    expect((await rclone(['copy', target, down, ...flags])).code).toBe(0)
    expect(await hashes(down)).toEqual(await hashes(tree))
  })

  it('check compares the 300 files by hash and finds a same-size change', { timeout: 120_000 }, async () => {
    const tree = path.join(work, 'unicode')
    const flags = ['--checkers', '4', '--retries', '1', '--low-level-retries', '1']
    const checked = await rclone(['check', tree, 'depotunicode:', ...flags, '-v'])
    expect(checked.code, checked.output).toBe(0)
    // Compared by hash: rclone says which, and does not fall back to sizes.
    expect(checked.output).toMatch(/Using (md5|sha1) for hash comparisons/)
    expect(checked.output).not.toMatch(/No common hash|size-only|hashes could not be checked/i)
    expect(checked.output).toMatch(/300 matching files/)
    // A local file changed behind rclone's back: same size, same time, other bytes. Only a hash sees it.
    const victim = path.join(tree, 'Résumé', 'fichier 0 – ñ.txt')
    const [original, times] = [await readFile(victim), await stat(victim)]
    const changed = Buffer.from(original)
    changed[0] = changed[0]! ^ 0xff
    await writeFile(victim, changed)
    await utimes(victim, times.atime, times.mtime)
    const differs = await rclone(['check', tree, 'depotunicode:', ...flags, '-v'])
    await writeFile(victim, original)
    await utimes(victim, times.atime, times.mtime)
    expect(differs.code, differs.output).not.toBe(0)
    expect(differs.output).toMatch(/fichier 0 – ñ\.txt: (md5|sha1) differ/)
    expect(differs.output).toMatch(/1 differences found/)
  })

  it('with vendor=owncloud keeps modification times both ways and sees a same-size edit', {
    timeout: 120_000,
  }, async () => {
    expect((await dav(t, token)('MKCOL', 'My folders/Mtime')).status).toBe(201)
    const flags = ['--retries', '1', '--low-level-retries', '1']
    const tree = path.join(work, 'mtime')
    await mkdir(tree, { recursive: true })
    const file = path.join(tree, 'notes.txt')
    const then = new Date('2019-05-06T07:08:09Z')
    await writeFile(file, 'version one')
    await utimes(file, then, then)
    const up = await rclone(['copy', tree, 'depotmtime:', ...flags])
    expect(up.code, up.output).toBe(0)
    const listed = await rclone(['lsl', 'depotmtime:'])
    expect(listed.output).toContain('2019-05-06 07:08:09')

    const down = path.join(work, 'mtime-down')
    const got = await rclone(['copy', 'depotmtime:', down, ...flags])
    expect(got.code, got.output).toBe(0)
    expect((await stat(path.join(down, 'notes.txt'))).mtime.toISOString()).toBe(then.toISOString())

    // The same size, a later time: rclone sees the change by the time alone and uploads it.
    const later = new Date('2020-01-02T03:04:05Z')
    await writeFile(file, 'version two')
    await utimes(file, later, later)
    const edit = await rclone(['copy', tree, 'depotmtime:', ...flags, '-v'])
    expect(edit.code, edit.output).toBe(0)
    expect(edit.output).toMatch(/notes\.txt: Copied/)
    const back = await rclone(['copy', 'depotmtime:', down, ...flags])
    expect(back.code, back.output).toBe(0)
    expect(await readFile(path.join(down, 'notes.txt'), 'utf8')).toBe('version two')
    expect((await stat(path.join(down, 'notes.txt'))).mtime.toISOString()).toBe(later.toISOString())
  })

  it('bisync runs: a first --resync, then a run that takes a same-size edit from each side', {
    timeout: 120_000,
  }, async () => {
    expect((await dav(t, token)('MKCOL', 'My folders/Bisync')).status).toBe(201)
    const flags = ['--retries', '1', '--low-level-retries', '1']
    const local = path.join(work, 'bisync')
    await mkdir(local, { recursive: true })
    const then = new Date('2021-03-04T05:06:07Z')
    for (const name of ['here.txt', 'there.txt', 'still.txt']) {
      await writeFile(path.join(local, name), `${name} one`)
      await utimes(path.join(local, name), then, then)
    }
    const first = await rclone(['bisync', local, 'depotbisync:', '--resync', ...flags])
    expect(first.code, first.output).toBe(0)
    const versionsBefore = await t.database.db.selectFrom('file_versions').select('id').execute()

    // The same sizes as before: an edit here, and one made on Depot by another client with its time.
    const later = new Date('2022-05-06T07:08:09Z')
    await writeFile(path.join(local, 'here.txt'), 'here.txt two')
    await utimes(path.join(local, 'here.txt'), later, later)
    const put = await dav(t, token)('PUT', 'My folders/Bisync/there.txt', {
      body: 'there.txt two',
      headers: { 'X-OC-Mtime': String(later.getTime() / 1000) },
    })
    expect(put.status).toBe(204)
    const run = await rclone(['bisync', local, 'depotbisync:', ...flags, '-v'])
    expect(run.code, run.output).toBe(0)
    expect(await readFile(path.join(local, 'there.txt'), 'utf8')).toBe('there.txt two')
    const here = await dav(t, token)('GET', 'My folders/Bisync/here.txt')
    expect(await here.text()).toBe('here.txt two')
    expect(await readFile(path.join(local, 'still.txt'), 'utf8')).toBe('still.txt one')
    // Two contents replaced (here.txt by rclone, there.txt by the PUT above): two versions, no more.
    const versions = await t.database.db.selectFrom('file_versions').select('id').execute()
    expect(versions.length - versionsBefore.length).toBe(2)
  })
})
