import { beforeAll, describe, expect, it } from 'vitest'
import { loadFolderAccess } from '../../src/server/features/files/access/folder-access.repository'
import type { Caller } from '../../src/server/lib/http/caller'
import { insertFile } from '../support/factories'
import { grant, type Person, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'
import { entryFor, file, folder } from './helpers'

// Search by name (product.md §2, docs/decisions/0094): substrings through the name index (FTS5
// trigram on SQLite, pg_trgm on PostgreSQL), kept in step with creates, renames, trash, restore and
// deletes; only what the caller can open (checked against the folder policy item by item); pages by
// cursor, each tier in name order (the tiers themselves: name-search-tiers.test.ts).

let t: TestApp
let owner: Person
let member: Person
let outsider: Person
let admin: Person

interface Hit {
  id: string
  folder_name?: string
  filename?: string
}
interface Page {
  folders: Hit[]
  files: Hit[]
  nextCursor: string | null
}

async function search(p: Person, q: string, extra = ''): Promise<Page> {
  return call(p, 'GET', `/api/items/search?q=${encodeURIComponent(q)}${extra}`)
}
/** The person as the policy sees them. */
function callerOf(p: Person): Caller {
  return {
    kind: 'user',
    id: p.id,
    role: p.role,
    staffFunctions: [],
    isRestricted: p.isRestricted,
    emailVerified: true,
    name: p.name,
    email: p.email,
  }
}
const ids = (page: Page) => [...page.folders, ...page.files].map((h) => h.id).sort()

beforeAll(async () => {
  t = await createTestApp()
  owner = await signedIn(t, { name: 'Olga Finder' })
  member = await signedIn(t, { name: 'Mia Finder' })
  outsider = await signedIn(t, { name: 'Otto Finder' })
  admin = await signedIn(t, { name: 'Ada Finder', role: 'admin' })
})

describe('matching', () => {
  it('finds substrings anywhere in a name, ignoring case, in non-ASCII names too', async () => {
    const top = await folder(t, 'Ünïcode Straße Österreich')
    await grant(t, top.id, owner.id, 'administrator')
    const f = await file(t, top.id, 'Résumé Zoë Ærøskøbing.pdf')
    const g = await file(t, top.id, 'quarterly-zqxreport.txt')

    expect(ids(await search(owner, 'ümïcode'))).toEqual([]) // a different letter
    expect(ids(await search(owner, 'ÜNÏCODE'))).toEqual([top.id])
    expect(ids(await search(owner, 'STRASSE'))).toEqual([top.id]) // ß folds to ss
    expect(ids(await search(owner, 'sumé zo'))).toEqual([f.id])
    expect(ids(await search(owner, 'RØSKØ'))).toEqual([f.id])
    expect(ids(await search(owner, 'zqxrep'))).toEqual([g.id])
    expect(ids(await search(owner, 'y-zqx'))).toEqual([g.id])
  })

  it('takes % _ " and FTS words literally', async () => {
    const top = await folder(t, 'Literal box')
    await grant(t, top.id, owner.id, 'administrator')
    const pct = await file(t, top.id, '100% done_qv.txt')
    const quoted = await file(t, top.id, 'say "hi" NEAR qv.txt')
    await file(t, top.id, '1000 donexqv.txt')
    expect(ids(await search(owner, '0% done_'))).toEqual([pct.id])
    expect(ids(await search(owner, '"hi" NEAR'))).toEqual([quoted.id])
    expect(ids(await search(owner, 'NEAR qv'))).toEqual([quoted.id])
  })

  it('asks for at least 3 characters', async () => {
    const res = await owner.client.json('/api/items/search?q=ab')
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect(res.status).toBeLessThan(500)
    expect(JSON.stringify(await res.json())).toContain('at least 3 characters')
    // Three characters, however many bytes.
    await call(owner.client, 'GET', `/api/items/search?q=${encodeURIComponent('ÆØÅ')}`, undefined, 200)
  })

  it('follows renames, the trash, restores and deletes for good', async () => {
    const top = await folder(t, 'Rename room')
    await grant(t, top.id, owner.id, 'administrator')
    const f = await file(t, top.id, 'oldname-wk.txt')
    expect(ids(await search(owner, 'oldname-wk'))).toEqual([f.id])

    await call(owner, 'PATCH', `/api/files/${f.id}`, { filename: 'freshname-wk.txt' })
    expect(ids(await search(owner, 'oldname-wk'))).toEqual([])
    expect(ids(await search(owner, 'freshname-wk'))).toEqual([f.id])

    const sub = await call(
      owner,
      'POST',
      '/api/folders',
      { folder_name: 'Binnable-wk', parent_id: top.id },
      201,
    )
    expect(ids(await search(owner, '-wk'))).toEqual([sub.id, f.id].sort())
    await call(owner, 'DELETE', `/api/folders/${sub.id}`)
    await call(owner, 'DELETE', `/api/files/${f.id}`)
    expect(ids(await search(owner, '-wk'))).toEqual([])

    const entry = await entryFor(t, f.id)
    await call(owner, 'POST', `/api/trash/${entry!.id}/restore`, {})
    expect(ids(await search(owner, '-wk'))).toEqual([f.id])

    const folderEntry = await entryFor(t, sub.id)
    await call(owner, 'DELETE', `/api/trash/${folderEntry!.id}`)
    const indexRows = await t.database.db
      .selectFrom('folders')
      .select('id')
      .where('id', '=', sub.id)
      .execute()
    expect(indexRows).toEqual([])
    expect(ids(await search(admin, 'binnable-wk'))).toEqual([])
  })
})

describe('access', () => {
  it('returns exactly what the folder policy lets each caller open', async () => {
    // pub (public top) ─┬ pubChild (public) ── deep (public)
    //                   └ lockedIn (locked) ── sharedIn (public)   member: viewer on lockedIn
    // priv (locked top, owner administrator) ─┬ privPub (public)
    //                                          └ privLocked (locked)  member: editor
    // stray (locked top, nobody)
    const pub = await folder(t, 'Acl pub', { type: 'public' })
    const pubChild = await folder(t, 'Acl pubchild', { type: 'public', parent_id: pub.id })
    const deep = await folder(t, 'Acl deep', { type: 'public', parent_id: pubChild.id })
    const lockedIn = await folder(t, 'Acl lockedin', { type: 'locked', parent_id: pub.id })
    const sharedIn = await folder(t, 'Acl sharedin', { type: 'public', parent_id: lockedIn.id })
    const priv = await folder(t, 'Acl priv')
    const privPub = await folder(t, 'Acl privpub', { type: 'public', parent_id: priv.id })
    const privLocked = await folder(t, 'Acl privlocked', { type: 'locked', parent_id: priv.id })
    const stray = await folder(t, 'Acl stray')
    await grant(t, priv.id, owner.id, 'administrator')
    await grant(t, lockedIn.id, member.id, 'viewer')
    await grant(t, privLocked.id, member.id, 'editor')
    const folders = [pub, pubChild, deep, lockedIn, sharedIn, priv, privPub, privLocked, stray]
    const files: { id: string }[] = []
    for (const f of folders) files.push(await file(t, f.id, `acl file in ${f.folder_name}.txt`))
    const trashed = await file(t, pub.id, 'acl file trashed.txt', 'x', { isTrashed: true })

    for (const person of [owner, member, outsider, admin]) {
      const expected: string[] = []
      for (const f of folders) {
        const access = await loadFolderAccess(t.database.db, callerOf(person), f.id)
        if (access?.level) expected.push(f.id, files[folders.indexOf(f)]!.id)
      }
      const found = ids(await search(person, 'acl '))
      expect(found, person.name).toEqual(expected.sort())
      expect(found).not.toContain(trashed.id)
    }
    // The public tree for everyone, whatever else they can open.
    const publicTree = [pub, pubChild, deep].flatMap((f) => [f.id, files[folders.indexOf(f)]!.id]).sort()
    for (const person of [member, admin])
      expect(ids(await search(person, 'acl ', '&scope=public')), person.name).toEqual(publicTree)
  })
})

describe('paging', () => {
  it('pages folders and files together in name order by cursor, each match once', async () => {
    const top = await folder(t, 'Pager zpq-00')
    await grant(t, top.id, member.id, 'viewer')
    const names = ['zpq-03.txt', 'zpq-01.txt', 'zpq-05.txt', 'ZPQ-02.txt', 'zpq-04.txt', 'zpq-06.txt']
    for (const name of names) await file(t, top.id, name)
    await folder(t, 'Sub zpq-035', { parent_id: top.id, type: 'public' })

    const seen: string[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const extra: string = `&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`
      const page = await search(member, 'zpq-', extra)
      pages++
      expect(page.folders.length + page.files.length).toBeLessThanOrEqual(3)
      seen.push(...[...page.folders, ...page.files].map((h) => (h.filename ?? h.folder_name)!))
      cursor = page.nextCursor
    } while (cursor && pages < 10)
    expect(pages).toBe(3)
    expect(seen.sort()).toEqual([...names, 'Pager zpq-00', 'Sub zpq-035'].sort())
    // The outsider sees none of it, whatever the cursor.
    expect(ids(await search(outsider, 'zpq-'))).toEqual([])
  })

  it('pages a text most names contain in name order too, only what each caller can open', async () => {
    // Every name containing "cmnqz-" starts with it: pages are read in name order from the range of
    // the name indexes (the first tier, decision 0150). The member opens a few names before the many
    // they cannot and three after them, so their second page also takes the rest from one statement
    // over the rest of the range once the reads in name order give up. (name-search-tiers.test.ts
    // does the same for the second tier, the names that contain the text further on.)
    const mine = await folder(t, 'Common mine')
    const theirs = await folder(t, 'Common theirs')
    await grant(t, mine.id, member.id, 'viewer')
    const pad = (i: number, n: number) => String(i).padStart(n, '0')
    const mineNames = [
      ...Array.from({ length: 60 }, (_, i) => `cmnqz-a-${pad(i, 4)}.txt`),
      ...Array.from({ length: 3 }, (_, i) => `cmnqz-c-${pad(i, 4)}.txt`),
    ]
    const theirNames = Array.from({ length: 2200 }, (_, i) => `cmnqz-b-${pad(i, 4)}.txt`)
    await t.database.db.transaction().execute(async (trx) => {
      for (const name of mineNames) await insertFile(trx, mine.id, { filename: name })
      for (const name of theirNames) await insertFile(trx, theirs.id, { filename: name })
      await insertFile(trx, mine.id, { filename: 'cmnqz-a-trashed.txt', isTrashed: true })
    })

    const walk = async (p: Person, limit: number) => {
      const seen: string[] = []
      let cursor: string | null = null
      let pages = 0
      do {
        const extra: string = `&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`
        const page = await search(p, 'cmnqz-', extra)
        pages++
        expect(page.folders).toEqual([])
        expect(page.files.length).toBeLessThanOrEqual(limit)
        seen.push(...page.files.map((h) => h.filename!))
        cursor = page.nextCursor
      } while (cursor && pages < 100)
      return { seen, pages }
    }
    const asMember = await walk(member, 50)
    expect(asMember.seen).toEqual(mineNames) // in name order, each once, no trashed file
    expect(asMember.pages).toBe(2)
    const asAdmin = await walk(admin, 100)
    expect(asAdmin.seen).toEqual([...mineNames.slice(0, 60), ...theirNames, ...mineNames.slice(60)])
    expect(ids(await search(outsider, 'cmnqz-'))).toEqual([])
  })

  it('refuses a cursor it did not make', async () => {
    const res = await member.client.json('/api/items/search?q=zpq-&cursor=not-a-cursor')
    expect(res.status).toBe(400)
    await res.arrayBuffer()
  })
})
