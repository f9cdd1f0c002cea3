import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import type { createShareLinkSchema } from '../../src/shared/contract/share-links'
import { file, folder } from '../files/helpers'
import { listen } from '../files-transfer/helpers'
import { grant, type Person, signedIn } from '../support/people'
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'

// Share links used outside a browser (docs/decisions/0117): curl and wget download a shared file
// under its name and a shared folder as its zip; unlocking and file drops need no Origin (no cookie
// is involved) and are throttled instead; a link's page answers 404/410 once it does not work;
// a drop is capped by the quota while it streams and leaves nothing behind when refused; a drop
// link by someone without a quota has limits; a password link's unlocked answers are never cached.

const run = promisify(execFile)
const CURL = ['/usr/bin/curl'].find((p) => existsSync(p))
const WGET = ['/usr/bin/wget'].find((p) => existsSync(p))
const SHELL =
  '<!doctype html><html><head><title>Depot</title></head><body><div id="root"></div></body></html>'

let t: TestApp
let owner: Person
let server: { url: string; close(): Promise<void> }
let work: string
let webRoot: string

beforeAll(async () => {
  webRoot = await mkdtemp(path.join(tmpdir(), 'depot-link-page-'))
  await writeFile(path.join(webRoot, 'index.html'), SHELL)
  t = await createTestApp({ webRoot })
  owner = await signedIn(t, { name: 'Olu Owner' })
  server = await listen(t)
  work = await mkdtemp(path.join(tmpdir(), 'depot-link-clients-'))
})
afterAll(async () => {
  await server?.close()
  for (const dir of [work, webRoot]) if (dir) await rm(dir, { recursive: true, force: true })
})

async function sharedTree(name: string) {
  const root = await folder(t, name, { type: 'locked', createdBy: owner.id })
  await grant(t, root.id, owner.id, 'administrator')
  const sub = await folder(t, 'Sub', { type: 'public', parent_id: root.id })
  const report = await file(t, root.id, 'Quarterly report.txt', 'the quarterly figures')
  await file(t, sub.id, 'inner.txt', 'deep down')
  return { root, report }
}

function makeLink(
  who: Person,
  p: `/api/folders/${string}/links` | `/api/files/${string}/links`,
  body: z.input<typeof createShareLinkSchema>,
) {
  return call(who, 'POST', p, body, 201)
}

/** A fresh empty folder for one client run. */
async function freshDir(name: string) {
  const dir = path.join(work, name)
  await rm(dir, { recursive: true, force: true })
  await import('node:fs/promises').then((fs) => fs.mkdir(dir))
  return dir
}

describe.skipIf(!CURL || !WGET)('curl and wget', () => {
  it('download a shared file with curl -L and wget, under its name when told to take the server’s', async () => {
    const { report } = await sharedTree('Client files')
    const link = await makeLink(owner, `/api/files/${report.id}/links`, { mode: 'download' })
    expect(link.url).toBe(`${TEST_ORIGIN}/s/${link.token}`)
    const address = `${server.url}/s/${link.token}`

    // curl -O names the file after the address typed (the token); -J takes the server's name.
    const curlDir = await freshDir('curl-file')
    await run(CURL!, ['-sS', '-f', '-LO', address], { cwd: curlDir })
    expect(await readFile(path.join(curlDir, link.token), 'utf8')).toBe('the quarterly figures')
    const namedDir = await freshDir('curl-named')
    await run(CURL!, ['-sS', '-f', '-LOJ', address], { cwd: namedDir })
    expect(await readdir(namedDir)).toEqual(['Quarterly report.txt'])
    expect(await readFile(path.join(namedDir, 'Quarterly report.txt'), 'utf8')).toBe('the quarterly figures')

    // wget names it after the address too, unless told to use the server's name.
    const plainDir = await freshDir('wget-plain')
    await run(WGET!, ['-q', address], { cwd: plainDir })
    expect(await readFile(path.join(plainDir, link.token), 'utf8')).toBe('the quarterly figures')
    const wgetDir = await freshDir('wget-file')
    await run(WGET!, ['-q', '--content-disposition', address], { cwd: wgetDir })
    expect(await readdir(wgetDir)).toEqual(['Quarterly report.txt'])
    expect(await readFile(path.join(wgetDir, 'Quarterly report.txt'), 'utf8')).toBe('the quarterly figures')

    // /s/{token}/download does the same, and curl -J takes the name from Content-Disposition.
    const jDir = await freshDir('curl-j')
    await run(CURL!, ['-sS', '-f', '-LOJ', `${address}/download`], { cwd: jDir })
    expect(await readdir(jDir)).toEqual(['Quarterly report.txt'])
  })

  it('download a shared folder as its zip', async () => {
    const { root } = await sharedTree('Client folder')
    const link = await makeLink(owner, `/api/folders/${root.id}/links`, { mode: 'download' })
    const curlDir = await freshDir('curl-zip')
    await run(CURL!, ['-sS', '-f', '-LOJ', `${server.url}/s/${link.token}/download`], { cwd: curlDir })
    expect(await readdir(curlDir)).toEqual(['Client folder.zip'])
    const zip = await readFile(path.join(curlDir, 'Client folder.zip'))
    expect(zip.subarray(0, 2).toString()).toBe('PK')
    expect(zip.includes(Buffer.from('Client folder/Sub/inner.txt'))).toBe(true)

    const wgetDir = await freshDir('wget-zip')
    await run(WGET!, ['-q', '--content-disposition', `${server.url}/s/${link.token}`], { cwd: wgetDir })
    expect(await readdir(wgetDir)).toEqual(['Client folder.zip'])
    expect((await readFile(path.join(wgetDir, 'Client folder.zip'))).equals(zip)).toBe(true)
  })

  it('resumes with a range, and a password link opens with the key the unlock gave', async () => {
    const { report } = await sharedTree('Client ranges')
    const link = await makeLink(owner, `/api/files/${report.id}/links`, {
      mode: 'download',
      password: 'open sesame',
    })
    const address = `${server.url}/s/${link.token}`
    const locked = await run(CURL!, ['-sS', '-L', '-w', '%{http_code}', '-o', '/dev/null', address])
    expect(locked.stdout).toBe('401')
    // A script unlocks with no Origin header: curl sends none.
    const { stdout } = await run(CURL!, [
      '-sS',
      '-f',
      '-H',
      'Content-Type: application/json',
      '-d',
      JSON.stringify({ password: 'open sesame' }),
      `${server.url}/api/s/${link.token}/unlock`,
    ])
    const { key } = JSON.parse(stdout) as { key: string }
    const dir = await freshDir('curl-resume')
    const target = path.join(dir, 'report.txt')
    await writeFile(target, 'the quar')
    await run(CURL!, [
      '-sS',
      '-f',
      '-L',
      '-C',
      '-',
      '-o',
      target,
      `${address}?key=${encodeURIComponent(key)}`,
    ])
    expect(await readFile(target, 'utf8')).toBe('the quarterly figures')
  })
})

describe('the download addresses', () => {
  it('serve the file with the download route’s ETag, ranges and 304, and count one use', async () => {
    const { report } = await sharedTree('Addresses')
    const link = await makeLink(owner, `/api/files/${report.id}/links`, {
      mode: 'download',
      downloadLimit: 2,
    })
    const moved = await t.app.request(`/s/${link.token}`, { headers: { Accept: '*/*' } })
    expect(moved.status).toBe(302)
    const named = moved.headers.get('location')!
    expect(named).toBe(`/s/${link.token}/download/Quarterly%20report.txt`)
    const whole = await t.app.request(named)
    expect(whole.status).toBe(200)
    expect(await whole.text()).toBe('the quarterly figures')
    expect(whole.headers.get('content-disposition')).toContain('Quarterly report.txt')
    const etag = whole.headers.get('etag')!
    expect(etag).toMatch(/^"/)
    const part = await t.app.request(named, { headers: { Range: 'bytes=4-12' } })
    expect(part.status).toBe(206)
    expect(await part.text()).toBe('quarterly')
    expect((await t.app.request(named, { headers: { 'If-None-Match': etag } })).status).toBe(304)
    const list = await call(owner, 'GET', `/api/files/${report.id}/links`)
    expect(list.items[0]!.useCount).toBeGreaterThanOrEqual(1)
    expect(list.items[0]!.useCount).toBeLessThanOrEqual(2)
  })

  it('refuses a view link’s and a drop link’s download, and answers an unknown token 404', async () => {
    const { root, report } = await sharedTree('Refused downloads')
    const view = await makeLink(owner, `/api/files/${report.id}/links`, { mode: 'view' })
    expect((await t.app.request(`/s/${view.token}/download`)).status).toBe(403)
    expect((await t.app.request(`/s/${view.token}`, { headers: { Accept: '*/*' } })).status).toBe(403)
    const drop = await makeLink(owner, `/api/folders/${root.id}/links`, { mode: 'upload' })
    expect((await t.app.request(`/s/${drop.token}/download/x.zip`)).status).toBe(403)
    expect((await t.app.request('/s/AAAAAAAAAAAAAAAAAAAAAA/download')).status).toBe(404)
  })
})

describe('the link’s page', () => {
  const page = (token: string) => t.app.request(`/s/${token}`, { headers: { Accept: 'text/html' } })

  it('answers 200 while the link works, 404 for no such link, 410 once expired or revoked', async () => {
    const { root, report } = await sharedTree('Pages')
    const working = await makeLink(owner, `/api/folders/${root.id}/links`, { mode: 'view' })
    const ok = await page(working.token)
    expect(ok.status).toBe(200)
    expect(await ok.text()).toContain('<div id="root">')

    const unknown = await page('AAAAAAAAAAAAAAAAAAAAAA')
    expect(unknown.status).toBe(404)
    expect(await unknown.text()).toContain('<div id="root">')
    expect((await page('not-a-token')).status).toBe(404)

    const expiring = await makeLink(owner, `/api/files/${report.id}/links`, {
      mode: 'view',
      expiresAt: new Date(t.clock.now.getTime() + 60_000).toISOString(),
    })
    const revoked = await makeLink(owner, `/api/files/${report.id}/links`, { mode: 'view' })
    await call(owner, 'DELETE', `/api/share-links/${revoked.id}`)
    t.clock.advance(60_001)
    const expired = await page(expiring.token)
    expect(expired.status).toBe(410)
    expect(expired.headers.get('content-type')).toContain('text/html')
    expect((await page(revoked.token)).status).toBe(410)

    // The page reads the reason from the API, which says which.
    const why = async (token: string) => (await call(t, 'GET', `/api/s/${token}`, undefined, 410)).detail
    expect(await why(expiring.token)).toBe('This link has expired.')
    expect(await why(revoked.token)).toBe('Its owner has turned this link off.')
    await call(t, 'GET', '/api/s/AAAAAAAAAAAAAAAAAAAAAA', undefined, 404)
  })
})

describe('password links', () => {
  it('unlock without an Origin header, and their unlocked answers are never cached', async () => {
    const { root, report } = await sharedTree('No store')
    const link = await makeLink(owner, `/api/folders/${root.id}/links`, {
      mode: 'download',
      password: 'open sesame',
    })
    const unlocked = await t.app.request(`/api/s/${link.token}/unlock`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ password: 'open sesame' }),
    })
    expect(unlocked.status).toBe(200)
    expect(unlocked.headers.get('cache-control')).toBe('no-store')
    const { key } = await unlocked.json()
    const withKey = { 'X-Share-Key': key }
    for (const p of [
      `/api/s/${link.token}`,
      `/api/s/${link.token}/listing`,
      `/api/s/${link.token}/files/${report.id}/preview`,
      `/api/s/${link.token}/files/${report.id}/download`,
      `/api/s/${link.token}/zip`,
      `/s/${link.token}/download/No%20store.zip`,
    ]) {
      const res = await t.app.request(p, { headers: withKey })
      expect(res.status, p).toBe(200)
      expect(res.headers.get('cache-control'), p).toBe('no-store')
    }
  })
})

describe('file drops', () => {
  const drop = (token: string, body: BodyInit, headers: Record<string, string> = {}, app = t) =>
    app.app.request(`/api/s/${token}/files?name=dropped.bin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/octet-stream', ...headers },
      body,
      // A stream body needs duplex.
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit)

  it('take files without an Origin header, throttled per address', async () => {
    const throttled = await createTestApp()
    const person = await signedIn(throttled, { name: 'Tia Throttle' })
    const root = await folder(throttled, 'Throttled drop', { type: 'locked' })
    await grant(throttled, root.id, person.id, 'administrator')
    const made = await call(person.client, 'POST', `/api/folders/${root.id}/links`, { mode: 'upload' })
    const { token } = made
    const statuses: number[] = []
    for (let i = 0; i < 31; i++) statuses.push((await drop(token, `file ${i}`, {}, throttled)).status)
    expect(statuses.slice(0, 30).every((s) => s === 201)).toBe(true)
    expect(statuses[30]).toBe(429)
  })

  it('cap a chunked stream at what the quota leaves, and keep nothing after refusing it', async () => {
    const small = await createTestApp({ env: { USER_QUOTA_BYTES: String(2_000_000) } })
    const person = await signedIn(small, { name: 'Quinn Quota' })
    const root = await folder(small, 'Quota drop', { type: 'locked' })
    await grant(small, root.id, person.id, 'administrator')
    const made = await call(person.client, 'POST', `/api/folders/${root.id}/links`, { mode: 'upload' })
    const { token } = made
    const blobsBefore: string[] = []
    for await (const blob of small.deps.storage.list()) blobsBefore.push(blob.key)

    // 40 MiB sent chunked (no Content-Length), as a script streaming a file would.
    const chunk = new Uint8Array(1 << 20)
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 40 * chunk.length) return controller.close()
        sent += chunk.length
        controller.enqueue(chunk)
      },
    })
    const res = await drop(token, body, {}, small)
    expect(res.status).toBe(413)
    expect((await res.json()).code).toBe('quota_exceeded')
    // Refused once past the quota, long before the 40 MiB were read.
    expect(sent).toBeLessThan(10 * (1 << 20))
    const blobsAfter: string[] = []
    for await (const blob of small.deps.storage.list()) blobsAfter.push(blob.key)
    expect(blobsAfter).toEqual(blobsBefore)
    const files = await small.database.db
      .selectFrom('files')
      .select('id')
      .where('folder_id', '=', root.id)
      .execute()
    expect(files).toEqual([])
  })

  it('by someone without a quota have limits: safe defaults, or the creator’s own', async () => {
    const staff = await signedIn(t, { name: 'Sam Staff', role: 'staff' })
    const root = await folder(t, 'Staff drop', { type: 'locked' })
    await grant(t, root.id, staff.id, 'administrator')
    const byDefault = await makeLink(staff, `/api/folders/${root.id}/links`, { mode: 'upload' })
    expect(byDefault).toMatchObject({ dropFileLimit: 50, dropByteLimit: 1024 ** 3, droppedBytes: 0 })

    const chosen = await makeLink(staff, `/api/folders/${root.id}/links`, {
      mode: 'upload',
      dropFileLimit: 2,
      dropByteLimit: 10,
    })
    expect((await drop(chosen.token, '12345')).status).toBe(201)
    const tooBig = await drop(chosen.token, '123456')
    expect(tooBig.status).toBe(413)
    expect((await tooBig.json()).code).toBe('drop_limit_reached')
    expect((await drop(chosen.token, '12345')).status).toBe(201)
    const usedUp = await drop(chosen.token, '1')
    expect(usedUp.status).toBe(410)
    expect((await usedUp.json()).code).toBe('link_used_up')
    const list = await call(staff, 'GET', `/api/folders/${root.id}/links`)
    const shown = list.items.find((l) => l.id === chosen.id)!
    expect(shown).toMatchObject({
      dropFileLimit: 2,
      dropByteLimit: 10,
      droppedBytes: 10,
      useCount: 2,
      state: 'used_up',
    })
    // Limits belong to file drops only.
    expect(
      await call(staff, 'POST', `/api/folders/${root.id}/links`, { mode: 'view', dropFileLimit: 3 }, 422),
    ).toBeDefined()
  })
})
