import { beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import type { createShareLinkSchema } from '../../src/shared/contract/share-links'
import { file, folder, status } from '../files/helpers'
import { grant, type Person, signedIn } from '../support/people'
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'

// Share links (docs/decisions/0087): who makes them, what a visitor without an account reaches
// (never outside the shared subtree, never into a locked subfolder the creator could not share),
// how they stop (revoke, trash, expiry, limit, the creator's restriction) and that restoring never
// revives them; passwords throttled; file drops land in the owner's folder and notify them; the token
// never reaches the log.

let t: TestApp
let owner: Person
let viewer: Person
let editor: Person
let outsider: Person

beforeAll(async () => {
  t = await createTestApp()
  owner = await signedIn(t, { name: 'Olu Owner' })
  viewer = await signedIn(t, { name: 'Vera Viewer' })
  editor = await signedIn(t, { name: 'Ede Editor' })
  outsider = await signedIn(t, { name: 'Otto Outsider' })
})

/** A locked top-level folder the owner administers, with a public child, a locked child and files. */
async function tree(name: string) {
  const root = await folder(t, name, { type: 'locked', createdBy: owner.id })
  await grant(t, root.id, owner.id, 'administrator')
  await grant(t, root.id, viewer.id, 'viewer')
  await grant(t, root.id, editor.id, 'editor')
  const open = await folder(t, 'Open', { type: 'public', parent_id: root.id })
  const secret = await folder(t, 'Secret', { type: 'locked', parent_id: root.id })
  const deep = await folder(t, 'Deep', { type: 'public', parent_id: open.id })
  const readme = await file(t, root.id, 'readme.txt', 'hello from the root')
  const inner = await file(t, deep.id, 'inner.txt', 'deep down')
  const hidden = await file(t, secret.id, 'hidden.txt', 'not for links')
  return { root, open, secret, deep, readme, inner, hidden }
}

/** A folder's or a file's new link, as the typed client reads the route's answer. */
async function makeLink(
  who: Person,
  path: `/api/folders/${string}/links` | `/api/files/${string}/links`,
  body: z.input<typeof createShareLinkSchema>,
) {
  return call(who, 'POST', path, body, 201)
}

const visit = (path: string, headers: Record<string, string> = {}) => t.request(path, { headers })

describe('making links', () => {
  it('lets a folder administrator and a file editor share; viewers and outsiders cannot', async () => {
    const { root, readme } = await tree('Making')
    const link = await makeLink(owner, `/api/folders/${root.id}/links`, { mode: 'view' })
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(link.path).toBe(`/s/${link.token}`)
    expect(await status(editor, 'POST', `/api/folders/${root.id}/links`, { mode: 'view' })).toBe(403)
    expect(await status(viewer, 'POST', `/api/files/${readme.id}/links`, { mode: 'download' })).toBe(403)
    expect(await status(outsider, 'GET', `/api/folders/${root.id}/links`)).toBe(404)
    await makeLink(editor, `/api/files/${readme.id}/links`, { mode: 'download' })
    expect(await status(editor, 'POST', `/api/files/${readme.id}/links`, { mode: 'upload' })).toBe(422)

    const list = await call(owner, 'GET', `/api/folders/${root.id}/links`)
    expect(list.items).toHaveLength(1)
    expect(list.items[0]).toMatchObject({ mode: 'view', useCount: 0, state: 'active' })
    expect(list.items[0]!.createdBy).toEqual({ id: owner.id, name: 'Olu Owner' })
    expect(list.items[0]).not.toHaveProperty('token')
    // Only the hash is stored.
    const row = await t.database.db
      .selectFrom('share_links')
      .selectAll()
      .where('id', '=', link.id)
      .executeTakeFirst()
    expect(row!.token_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(row)).not.toContain(link.token)
    const audit = await t.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'share_link.created')
      .where('targetId', '=', root.id)
      .execute()
    expect(audit).toHaveLength(1)
  })

  it('can be copied again by whoever may manage it, while it is active, and never from an old token', async () => {
    const { root, readme } = await tree('Copy again')
    const link = await makeLink(editor, `/api/files/${readme.id}/links`, { mode: 'download' })
    expect(link.url).toBe(`http://localhost:3000/s/${link.token}`)
    // The creator and the folder's administrator read the same address back; it opens the link.
    for (const who of [editor, owner]) {
      const list = await call(who, 'GET', `/api/files/${readme.id}/links`)
      expect(list.items.map((item) => item.url)).toEqual([link.url])
    }
    expect((await visit(`/api/s/${link.token}`)).status).toBe(200)
    // Viewers never see a file's links at all.
    expect(await status(viewer, 'GET', `/api/files/${readme.id}/links`)).toBe(403)

    // A link whose stored hash is not its derivation (made under another secret) keeps working uncopyable.
    const folderLink = await makeLink(owner, `/api/folders/${root.id}/links`, { mode: 'view' })
    const foreignToken = `${'A'.repeat(21)}B`
    const { createHash } = await import('node:crypto')
    await t.database.db
      .updateTable('share_links')
      .set({ token_hash: createHash('sha256').update(foreignToken).digest('hex') })
      .where('id', '=', folderLink.id)
      .execute()
    const folderLinks = await call(owner, 'GET', `/api/folders/${root.id}/links`)
    expect(folderLinks.items[0]).toMatchObject({ id: folderLink.id, state: 'active', url: null })
    expect((await visit(`/api/s/${foreignToken}`)).status).toBe(200)

    // A revoked link is not handed out again.
    await call(editor, 'DELETE', `/api/share-links/${link.id}`)
    const after = await call(owner, 'GET', `/api/files/${readme.id}/links`)
    expect(after.items[0]).toMatchObject({ state: 'revoked', url: null })
  })

  it('refuses an expiry in the past and a malformed body with 422', async () => {
    const { root } = await tree('Refusals')
    const past = new Date(t.clock.now.getTime() - 60_000).toISOString()
    expect(
      await status(owner, 'POST', `/api/folders/${root.id}/links`, { mode: 'view', expiresAt: past }),
    ).toBe(422)
    expect(await status(owner, 'POST', `/api/folders/${root.id}/links`, { mode: 'edit' })).toBe(422)
    expect(
      await status(owner, 'POST', `/api/folders/${root.id}/links`, { mode: 'view', downloadLimit: 0 }),
    ).toBe(422)
  })
})

describe('what a visitor reaches', () => {
  it('lists the shared folder and its public subfolders, never a locked one the creator cannot share', async () => {
    const { root, open, secret, deep, readme, inner, hidden } = await tree('Reach')
    const { token } = await makeLink(owner, `/api/folders/${root.id}/links`, { mode: 'download' })
    const info = await (await visit(`/api/s/${token}`)).json()
    expect(info).toMatchObject({ itemType: 'folder', mode: 'download', name: 'Reach', needsPassword: false })

    const top = await (await visit(`/api/s/${token}/listing`)).json()
    expect(top.folders.map((f: { folder_name: string }) => f.folder_name)).toEqual(['Open'])
    expect(top.files.map((f: { filename: string }) => f.filename)).toEqual(['readme.txt'])
    const below = await (await visit(`/api/s/${token}/listing?folder=${deep.id}`)).json()
    expect(below.breadcrumbs.map((b: { folder_name: string }) => b.folder_name)).toEqual([
      'Reach',
      'Open',
      'Deep',
    ])

    expect((await visit(`/api/s/${token}/listing?folder=${secret.id}`)).status).toBe(404)
    expect((await visit(`/api/s/${token}/files/${hidden.id}/download`)).status).toBe(404)
    const got = await visit(`/api/s/${token}/files/${inner.id}/download`)
    expect(await got.text()).toBe('deep down')
    expect((await visit(`/api/s/${token}/files/${readme.id}/preview`)).status).toBe(200)
    expect(open.id).toBeDefined()
  })

  it('never reaches outside the shared subtree: parents, siblings, other folders’ files', async () => {
    const { root, open, deep, readme } = await tree('Escape')
    const other = await tree('Elsewhere')
    const { token } = await makeLink(owner, `/api/folders/${open.id}/links`, { mode: 'download' })
    expect((await visit(`/api/s/${token}/listing?folder=${deep.id}`)).status).toBe(200)
    for (const path of [
      `/api/s/${token}/listing?folder=${root.id}`,
      `/api/s/${token}/listing?folder=${other.open.id}`,
      `/api/s/${token}/files/${readme.id}/download`,
      `/api/s/${token}/files/${other.inner.id}/preview`,
      `/api/s/${token}/zip?folder=${root.id}`,
    ])
      expect((await visit(path)).status, path).toBe(404)
    // A file link reaches that file only.
    const fileLink = await makeLink(owner, `/api/files/${readme.id}/links`, { mode: 'download' })
    expect((await visit(`/api/s/${fileLink.token}/files/${readme.id}/download`)).status).toBe(200)
    expect((await visit(`/api/s/${fileLink.token}/files/${other.readme.id}/download`)).status).toBe(404)
    expect((await visit(`/api/s/${fileLink.token}/listing`)).status).toBe(404)
    expect((await visit('/api/s/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404)
    expect((await visit('/api/s/not-a-token')).status).toBe(404)
  })

  it('reaches a locked subfolder the creator administers, and zips only what it reaches', async () => {
    const { root, secret } = await tree('Granted')
    await grant(t, secret.id, owner.id, 'administrator')
    const { token } = await makeLink(owner, `/api/folders/${root.id}/links`, { mode: 'download' })
    const top = await (await visit(`/api/s/${token}/listing`)).json()
    expect(top.folders.map((f: { folder_name: string }) => f.folder_name).sort()).toEqual(['Open', 'Secret'])
    const zipped = await visit(`/api/s/${token}/zip`)
    const zip = Buffer.from(await zipped.arrayBuffer())
    expect(zip.includes(Buffer.from('Granted/Secret/hidden.txt'))).toBe(true)
    // The length is known before a byte is sent; a HEAD says it without a body.
    expect(Number(zipped.headers.get('content-length'))).toBe(zip.length)
    const head = await t.request(`/api/s/${token}/zip`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe(String(zip.length))
    expect(head.headers.get('content-disposition')).toContain('Granted.zip')
    expect((await head.arrayBuffer()).byteLength).toBe(0)

    const { token: other } = await makeLink(
      owner,
      `/api/folders/${(await tree('NotGranted')).root.id}/links`,
      {
        mode: 'download',
      },
    )
    const zip2 = Buffer.from(await (await visit(`/api/s/${other}/zip`)).arrayBuffer())
    expect(zip2.includes(Buffer.from('NotGranted/Open/Deep/inner.txt'))).toBe(true)
    expect(zip2.includes(Buffer.from('Secret'))).toBe(false)
  })

  it('a view link previews but neither downloads nor zips', async () => {
    const { root, readme } = await tree('ViewOnly')
    const { token } = await makeLink(owner, `/api/folders/${root.id}/links`, { mode: 'view' })
    expect((await visit(`/api/s/${token}/files/${readme.id}/preview`)).status).toBe(200)
    expect((await visit(`/api/s/${token}/files/${readme.id}/download`)).status).toBe(403)
    expect((await visit(`/api/s/${token}/zip`)).status).toBe(403)
    const listing = await (await visit(`/api/s/${token}/listing`)).json()
    expect(listing.canDownload).toBe(false)
  })
})

describe('how links stop', () => {
  it('stops at its expiry', async () => {
    const { root } = await tree('Expiring')
    const expiresAt = new Date(t.clock.now.getTime() + 60 * 60 * 1000).toISOString()
    const { token } = await makeLink(owner, `/api/folders/${root.id}/links`, { mode: 'view', expiresAt })
    expect((await visit(`/api/s/${token}/listing`)).status).toBe(200)
    t.clock.advance(60 * 60 * 1000 + 1)
    const res = await visit(`/api/s/${token}/listing`)
    expect(res.status).toBe(410)
    expect((await res.json()).code).toBe('link_expired')
    const list = await call(owner, 'GET', `/api/folders/${root.id}/links`)
    expect(list.items[0]!.state).toBe('expired')
  })

  it('serves no more downloads than its limit, counting each download once', async () => {
    const { readme } = await tree('Limited')
    const { token } = await makeLink(owner, `/api/files/${readme.id}/links`, {
      mode: 'download',
      downloadLimit: 2,
    })
    const url = `/api/s/${token}/files/${readme.id}/download`
    expect((await visit(url)).status).toBe(200)
    // A later range (a resumed download or a player seeking) is not another use.
    expect((await visit(url, { Range: 'bytes=3-5' })).status).toBe(206)
    expect((await visit(url)).status).toBe(200)
    const third = await visit(url)
    expect(third.status).toBe(410)
    expect((await third.json()).code).toBe('link_used_up')
    const list = await call(editor, 'GET', `/api/files/${readme.id}/links`)
    expect(list.items[0]).toMatchObject({ useCount: 2, state: 'used_up' })
  })

  it('stops when revoked, by its creator or the item’s administrator, not by others', async () => {
    const { root, readme } = await tree('Revoked')
    const link = await makeLink(editor, `/api/files/${readme.id}/links`, { mode: 'download' })
    expect(await status(viewer, 'DELETE', `/api/share-links/${link.id}`)).toBe(404)
    expect(await status(outsider, 'DELETE', `/api/share-links/${link.id}`)).toBe(404)
    await call(owner, 'DELETE', `/api/share-links/${link.id}`)
    expect((await visit(`/api/s/${link.token}`)).status).toBe(410)
    const events = await t.database.db
      .selectFrom('audit_events')
      .select(['actorId'])
      .where('action', '=', 'share_link.revoked')
      .where('targetId', '=', readme.id)
      .execute()
    expect(events).toEqual([{ actorId: owner.id }])
    expect(root.id).toBeDefined()
  })

  it('stops when the item (or a folder above it) is trashed, and restoring does not revive it', async () => {
    const { root, open, readme } = await tree('Trashing')
    const folderLink = await makeLink(owner, `/api/folders/${open.id}/links`, { mode: 'view' })
    const fileLink = await makeLink(owner, `/api/files/${readme.id}/links`, { mode: 'view' })
    await call(owner, 'DELETE', `/api/folders/${open.id}`)
    expect((await visit(`/api/s/${folderLink.token}/listing`)).status).toBe(410)
    expect((await visit(`/api/s/${fileLink.token}`)).status).toBe(200)
    const entry = await t.database.db
      .selectFrom('trash_items')
      .select('id')
      .where('item_id', '=', open.id)
      .executeTakeFirstOrThrow()
    await call(owner, 'POST', `/api/trash/${entry.id}/restore`, {})
    const restored = await t.database.db
      .selectFrom('folders')
      .select('isTrashed')
      .where('id', '=', open.id)
      .executeTakeFirstOrThrow()
    expect(restored.isTrashed).toBe(false)
    const after = await visit(`/api/s/${folderLink.token}/listing`)
    expect(after.status).toBe(410)
    const list = await call(owner, 'GET', `/api/folders/${open.id}/links`)
    expect(list.items[0]!.state).toBe('trashed')
    expect(root.id).toBeDefined()
  })

  it('stops while its creator is restricted or no longer may share the item', async () => {
    const sharer = await signedIn(t, { name: 'Sam Sharer' })
    const root = await folder(t, 'Creator rights', { type: 'locked' })
    await grant(t, root.id, sharer.id, 'administrator')
    const { token } = await makeLink(sharer, `/api/folders/${root.id}/links`, { mode: 'view' })
    expect((await visit(`/api/s/${token}/listing`)).status).toBe(200)
    await t.database.db
      .updateTable('folder_permissions')
      .set({ permissionType: 'viewer' })
      .where('folder_id', '=', root.id)
      .where('user_id', '=', sharer.id)
      .execute()
    expect((await visit(`/api/s/${token}/listing`)).status).toBe(410)
    await t.database.db
      .updateTable('folder_permissions')
      .set({ permissionType: 'administrator' })
      .where('folder_id', '=', root.id)
      .where('user_id', '=', sharer.id)
      .execute()
    expect((await visit(`/api/s/${token}/listing`)).status).toBe(200)
    await t.database.db.updateTable('users').set({ isRestricted: true }).where('id', '=', sharer.id).execute()
    expect((await visit(`/api/s/${token}/listing`)).status).toBe(410)
  })
})

describe('passwords', () => {
  it('needs the password, gives a key for it, and throttles wrong guesses', async () => {
    const { root, readme } = await tree('Protected')
    const { token } = await makeLink(owner, `/api/folders/${root.id}/links`, {
      mode: 'download',
      password: 'open sesame',
    })
    const info = await (await visit(`/api/s/${token}`)).json()
    // Locked, it names nothing: not the folder, not who shared it.
    expect(info).toMatchObject({ needsPassword: true, name: '', sharedBy: null, sharedAt: null })
    expect((await visit(`/api/s/${token}/listing`)).status).toBe(401)
    expect((await visit(`/api/s/${token}/files/${readme.id}/download`)).status).toBe(401)

    await call(t, 'POST', `/api/s/${token}/unlock`, { password: 'guess' }, 401)
    const right = await call(t, 'POST', `/api/s/${token}/unlock`, { password: 'open sesame' }, 200)
    const { key } = right
    expect((await visit(`/api/s/${token}/listing`, { 'X-Share-Key': key })).status).toBe(200)
    expect(
      (await visit(`/api/s/${token}/files/${readme.id}/download?key=${encodeURIComponent(key)}`)).status,
    ).toBe(200)
    // A key for one link opens no other.
    const other = await makeLink(owner, `/api/files/${readme.id}/links`, {
      mode: 'download',
      password: 'another one',
    })
    expect((await visit(`/api/s/${other.token}`, { 'X-Share-Key': key })).status).toBe(200)
    expect((await (await visit(`/api/s/${other.token}`, { 'X-Share-Key': key })).json()).needsPassword).toBe(
      true,
    )

    let last = 0
    for (let i = 0; i < 11; i++) {
      const res = await t.request(`/api/s/${token}/unlock`, {
        method: 'POST',
        body: { password: `nope ${i}` },
      })
      last = res.status
      if (last === 429) break
    }
    expect(last).toBe(429)
    // Throttled: even the right password waits.
    const blocked = await t.request(`/api/s/${token}/unlock`, {
      method: 'POST',
      body: { password: 'open sesame' },
    })
    expect(blocked.status).toBe(429)
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/)
    const failures = await t.database.db
      .selectFrom('audit_events')
      .select('details')
      .where('action', '=', 'share_link.password_failed')
      .execute()
    expect(failures.length).toBeGreaterThan(0)
    expect(failures.map((f) => f.details).join()).not.toContain('nope')
  })
})

describe('file drop', () => {
  it('takes files into the folder for its owner, lists nothing, and notifies the owner', async () => {
    const { root } = await tree('Inbox drop')
    const { token } = await makeLink(owner, `/api/folders/${root.id}/links`, { mode: 'upload' })
    expect((await visit(`/api/s/${token}/listing`)).status).toBe(403)
    const res = await t.app.request(`/api/s/${token}/files?name=${encodeURIComponent('report.txt')}`, {
      method: 'POST',
      headers: { Origin: TEST_ORIGIN, 'Content-Type': 'application/octet-stream' },
      body: 'dropped bytes',
    })
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual({ filename: 'report.txt', size: 13 })
    const stored = await t.database.db
      .selectFrom('files')
      .select(['createdBy', 'size'])
      .where('folder_id', '=', root.id)
      .where('filename', '=', 'report.txt')
      .executeTakeFirstOrThrow()
    expect(stored.createdBy).toBe(owner.id)
    // The same name again is kept beside, never overwritten.
    const again = await t.app.request(`/api/s/${token}/files?name=report.txt`, {
      method: 'POST',
      headers: { Origin: TEST_ORIGIN, 'Content-Type': 'application/octet-stream' },
      body: 'more',
    })
    expect((await again.json()).filename).toBe('report (1).txt')

    const inbox = await call(owner, 'GET', '/api/notifications')
    const items = inbox.items
    expect(items.some((n) => n.mainItem === 'report.txt' && n.action === 'uploaded')).toBe(true)
    const links = await call(owner, 'GET', `/api/folders/${root.id}/links`)
    expect(links.items[0]!.useCount).toBe(2)

    // A download link takes no files; a bad name is refused.
    const view = await makeLink(owner, `/api/folders/${root.id}/links`, { mode: 'download' })
    const refused = await t.app.request(`/api/s/${view.token}/files?name=x.txt`, {
      method: 'POST',
      headers: { Origin: TEST_ORIGIN, 'Content-Type': 'application/octet-stream' },
      body: 'x',
    })
    expect(refused.status).toBe(403)
    const badName = await t.app.request(`/api/s/${token}/files?name=${encodeURIComponent('../x')}`, {
      method: 'POST',
      headers: { Origin: TEST_ORIGIN, 'Content-Type': 'application/octet-stream' },
      body: 'x',
    })
    expect(badName.status).toBe(422)
  })

  it('names who sent a drop when they say, refuses half a sender, and the link says who shared it', async () => {
    const { root } = await tree('Named drop')
    const { token } = await makeLink(owner, `/api/folders/${root.id}/links`, { mode: 'upload' })
    const info = await (await visit(`/api/s/${token}`)).json()
    expect(info.sharedBy).toBe(owner.name)
    expect(Date.parse(info.sharedAt)).not.toBeNaN()
    const drop = (query: string) =>
      t.app.request(`/api/s/${token}/files?name=brief.txt&${query}`, {
        method: 'POST',
        headers: { Origin: TEST_ORIGIN, 'Content-Type': 'application/octet-stream' },
        body: 'a brief',
      })
    const half = await drop('from_name=Ada')
    expect(half.status).toBe(422)
    expect(JSON.stringify(await half.json())).toContain('together')
    expect((await drop('from_name=Ada&from_email=not-mail')).status).toBe(422)
    expect(
      (await drop(`from_name=${encodeURIComponent('Ada Obi')}&from_email=ada%40example.test`)).status,
    ).toBe(201)
    const inbox = await call(owner, 'GET', '/api/notifications')
    const entry = inbox.items.find((n) => n.mainItem === 'brief.txt')
    expect(JSON.stringify(entry)).toContain('Ada Obi (ada@example.test) through a file drop link')
    const audit = await t.database.db
      .selectFrom('audit_events')
      .select('details')
      .where('action', '=', 'share_link.file_dropped')
      .execute()
    expect(audit.map((a) => a.details).join()).toContain('ada@example.test')
  })

  it('counts dropped files against the owner’s quota', async () => {
    const small = await createTestApp({ env: { USER_QUOTA_BYTES: '20' } })
    const person = await signedIn(small, { name: 'Quinn Quota' })
    const root = await folder(small, 'Quota drop', { type: 'locked' })
    await grant(small, root.id, person.id, 'administrator')
    const created = await call(person.client, 'POST', `/api/folders/${root.id}/links`, { mode: 'upload' })
    const { token } = created
    const drop = (body: string) =>
      small.app.request(`/api/s/${token}/files?name=a.txt`, {
        method: 'POST',
        headers: { Origin: TEST_ORIGIN, 'Content-Type': 'application/octet-stream' },
        body,
      })
    expect((await drop('0123456789')).status).toBe(201)
    const over = await drop('0123456789abcdef')
    expect(over.status).toBe(413)
    expect((await over.json()).code).toBe('quota_exceeded')
  })
})

describe('the token in logs', () => {
  it('never writes a link’s token to the request log, for the API or the page', async () => {
    const { root } = await tree('Logged')
    const { token } = await makeLink(owner, `/api/folders/${root.id}/links`, {
      mode: 'view',
      password: 'pssst pssst',
    })
    await visit(`/api/s/${token}`)
    await visit(`/api/s/${token}/listing`)
    await call(t, 'POST', `/api/s/${token}/unlock`, { password: 'pssst pssst' })
    await t.app.request(`/s/${token}`, { headers: { Accept: 'text/html' } })
    expect(t.logs.text).not.toContain(token)
    const paths = t.logs.lines.map((l) => l.path).filter((p) => typeof p === 'string' && p.includes('/s/'))
    expect(paths).toContain('/api/s/[redacted]/listing')
    expect(paths).toContain('/s/[redacted]')
  })
})
