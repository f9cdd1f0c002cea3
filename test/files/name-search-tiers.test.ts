import { beforeAll, describe, expect, it } from 'vitest'
import { loadFolderAccess } from '../../src/server/features/files/access/folder-access.repository'
import type { Caller } from '../../src/server/lib/http/caller'
import { nameKey } from '../../src/shared/names'
import { insertFiles } from '../support/factories'
import { grant, type Person, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'
import { file, folder } from './helpers'

// Search results in tiers (docs/decisions/0150): the names that start with the text first, then the
// other names that contain it, each tier in (name_key, id) order; pages by a cursor that carries the
// tier, with no match twice and none left out across the boundary; only what the caller can open, in
// both tiers; trash excluded; the prefix range right for any text.

let t: TestApp
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
  order: { type: 'folder' | 'file'; id: string; tier: 'starts' | 'contains' }[]
  nextCursor: string | null
}

async function search(p: Person, q: string, extra = ''): Promise<Page> {
  return call(p, 'GET', `/api/items/search?q=${encodeURIComponent(q)}${extra}`)
}

/** A page's names in result order, each tagged with its tier ("s:" starts, "c:" contains). */
function inOrder(page: Page): string[] {
  const byId = new Map([...page.folders, ...page.files].map((h) => [h.id, (h.folder_name ?? h.filename)!]))
  expect(page.order).toHaveLength(byId.size)
  return page.order.map((o) => `${o.tier === 'starts' ? 's' : 'c'}:${byId.get(o.id)}`)
}

/** Every page of a search, `limit` at a time: the names in result order, and how many pages. */
async function walk(p: Person, q: string, limit: number, extra = '') {
  const seen: string[] = []
  let cursor: string | null = null
  let pages = 0
  do {
    const page: Page = await search(
      p,
      q,
      `&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}${extra}`,
    )
    pages++
    expect(page.order.length).toBeLessThanOrEqual(limit)
    seen.push(...inOrder(page))
    cursor = page.nextCursor
  } while (cursor && pages < 500)
  return { seen, pages }
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

/** Code point order of the name keys, the order within a tier. */
const byKey = (a: string, b: string) =>
  Buffer.compare(Buffer.from(nameKey(a), 'utf8'), Buffer.from(nameKey(b), 'utf8'))

beforeAll(async () => {
  t = await createTestApp()
  member = await signedIn(t, { name: 'Mia Tiers' })
  outsider = await signedIn(t, { name: 'Otto Tiers' })
  admin = await signedIn(t, { name: 'Ada Tiers', role: 'admin' })
})

describe('tiers', () => {
  it('puts the names that start with the text first, then the others, folders and files together', async () => {
    const top = await folder(t, 'Tier room')
    await grant(t, top.id, member.id, 'viewer')
    const sub = await folder(t, 'Qtier-a plans', { parent_id: top.id, type: 'public' })
    await folder(t, 'x-qtier-b old', { parent_id: top.id, type: 'public' })
    for (const name of ['qtier-c.txt', 'zz qtier.txt', 'a qtier.txt', 'QTIER-b.txt', 'qtieqtier.txt'])
      await file(t, top.id, name)
    await file(t, sub.id, 'qtier-qtier twice.txt') // starts with it and contains it again: once, first
    await file(t, top.id, 'qtier-trashed.txt', 'x', { isTrashed: true })
    await file(t, top.id, 'a qtier trashed.txt', 'x', { isTrashed: true })

    const expected = [
      's:Qtier-a plans',
      's:QTIER-b.txt',
      's:qtier-c.txt',
      's:qtier-qtier twice.txt',
      'c:a qtier.txt',
      'c:qtieqtier.txt',
      'c:x-qtier-b old',
      'c:zz qtier.txt',
    ]
    expect(inOrder(await search(member, 'QTIER'))).toEqual(expected)
    expect(inOrder(await search(admin, 'qtier'))).toEqual(expected)
    expect(inOrder(await search(outsider, 'qtier'))).toEqual([])
  })

  it('pages across the tier boundary at any page size, each match once, none left out', async () => {
    const top = await folder(t, 'Boundary room')
    await grant(t, top.id, member.id, 'viewer')
    const starts = ['bndq-1.txt', 'bndq-2.txt', 'bndq-3.txt', 'bndq-4.txt']
    const contains = ['a bndq.txt', 'b bndq.txt', 'c bndq.txt']
    for (const name of [...contains, ...starts]) await file(t, top.id, name)
    await folder(t, 'bndq-0 folder', { parent_id: top.id, type: 'public' })
    await folder(t, 'zz bndq folder', { parent_id: top.id, type: 'public' })
    const expected = [
      ...['bndq-0 folder', ...starts].map((n) => `s:${n}`),
      ...[...contains, 'zz bndq folder'].map((n) => `c:${n}`),
    ]
    for (const limit of [1, 2, 3, 4, 5, 6, 9, 10]) {
      const { seen, pages } = await walk(member, 'bndq', limit)
      expect(seen, `limit ${limit}`).toEqual(expected)
      expect(pages, `limit ${limit}`).toBe(Math.ceil(expected.length / limit))
    }
  })

  it('refuses a cursor of the old format (before the tiers) with a 400 that says to search again', async () => {
    const old = Buffer.from(JSON.stringify(['bndq-2.txt', 'some-id'])).toString('base64url')
    const tierless = Buffer.from(JSON.stringify(['x', 'bndq-2.txt', 'some-id'])).toString('base64url')
    for (const cursor of [old, tierless, 'not-a-cursor']) {
      const problem = await call(member, 'GET', `/api/items/search?q=bndq&cursor=${cursor}`, undefined, 400)
      expect(problem.detail).toContain('start the search again')
    }
  })
})

describe('access in both tiers', () => {
  it('returns exactly what the folder policy lets each caller open, in each tier', async () => {
    // pub (public top) ── lockedIn (locked, member viewer) ── hidden (locked, nobody)
    // priv (locked top, nobody) ── privPub (public)
    const pub = await folder(t, 'Taclz pub', { type: 'public' })
    const lockedIn = await folder(t, 'in taclz lockedin', { type: 'locked', parent_id: pub.id })
    const hidden = await folder(t, 'Taclz hidden', { type: 'locked', parent_id: lockedIn.id })
    const priv = await folder(t, 'in taclz priv')
    const privPub = await folder(t, 'Taclz privpub', { type: 'public', parent_id: priv.id })
    await grant(t, lockedIn.id, member.id, 'viewer')
    const folders = [pub, lockedIn, hidden, priv, privPub]
    const files = new Map<string, string[]>()
    for (const f of folders) {
      const a = await file(t, f.id, `taclz first in ${f.folder_name}.txt`)
      const b = await file(t, f.id, `then taclz in ${f.folder_name}.txt`)
      files.set(f.id, [a.id, b.id])
    }
    await file(t, pub.id, 'taclz trashed.txt', 'x', { isTrashed: true })
    await file(t, pub.id, 'x taclz trashed.txt', 'x', { isTrashed: true })

    for (const person of [member, outsider, admin]) {
      const expected: string[] = []
      for (const f of folders) {
        const access = await loadFolderAccess(t.database.db, callerOf(person), f.id)
        if (access?.level) expected.push(f.id, ...files.get(f.id)!)
      }
      const page = await search(person, 'taclz')
      const ids = page.order.map((o) => o.id)
      expect([...ids].sort(), person.name).toEqual(expected.sort())
      // Within what they see, the tiers are in order.
      const tiers = page.order.map((o) => o.tier)
      expect(tiers, person.name).toEqual([...tiers].sort((a, b) => (a === b ? 0 : a === 'starts' ? -1 : 1)))
    }
    expect((await search(member, 'taclz')).order.length).toBe(6) // pub, lockedIn and their files
  })

  it('keeps to what a user can open when many names fill a tier they cannot see (reads in order, then the index)', async () => {
    // More than COMMON_NAMES names of the `contains` tier, so that tier is read in name order; the
    // member opens a name of each tier, three `contains` names before 2,100 they cannot open and three
    // after, so the reads in order give up and the rest of the page comes from the trigram index.
    // (test/files/name-search.test.ts pages the `starts` tier of a common text the same way.)
    const mine = await folder(t, 'Cmtz mine')
    const theirs = await folder(t, 'Theirs box')
    await grant(t, mine.id, member.id, 'viewer')
    const pad = (i: number) => String(i).padStart(4, '0')
    const mineStarts = ['cmtz-m-1.txt']
    const mineContains = [
      ...[0, 1, 2].map((i) => `y-cmtz-a-${pad(i)}.txt`),
      ...[0, 1, 2].map((i) => `y-cmtz-c-${pad(i)}.txt`),
    ]
    const theirContains = Array.from({ length: 2100 }, (_, i) => `y-cmtz-b-${pad(i)}.txt`)
    await t.database.db.transaction().execute(async (trx) => {
      await insertFiles(trx, mine.id, mineStarts.length + mineContains.length, (n) => ({
        filename: [...mineStarts, ...mineContains][n]!,
      }))
      await insertFiles(trx, theirs.id, theirContains.length, (n) => ({ filename: theirContains[n]! }))
      await insertFiles(trx, theirs.id, 1, () => ({ filename: 'cmtz-t-1.txt' }))
      await insertFiles(trx, mine.id, 2, (n) => ({
        filename: ['cmtz-m-trashed.txt', 'y-cmtz-a-trashed.txt'][n]!,
        isTrashed: true,
      }))
    })

    const asMember = await walk(member, 'cmtz', 50)
    expect(asMember.seen).toEqual([
      ...['Cmtz mine', ...mineStarts].map((n) => `s:${n}`),
      ...mineContains.map((n) => `c:${n}`),
    ])
    expect(asMember.pages).toBe(1)
    const asAdmin = await walk(admin, 'cmtz', 100)
    expect(asAdmin.seen).toEqual([
      ...['Cmtz mine', 'cmtz-m-1.txt', 'cmtz-t-1.txt'].map((n) => `s:${n}`),
      ...[...mineContains, ...theirContains].sort(byKey).map((n) => `c:${n}`),
    ])
    expect((await search(outsider, 'cmtz')).order).toEqual([])
  })
})

describe('the prefix range for any text', () => {
  it('starts and ends the range right for odd characters, on this database', async () => {
    const top = await folder(t, 'Odd room')
    await grant(t, top.id, member.id, 'viewer')
    const cases: { q: string; starts: string[]; contains: string[]; neither: string[] }[] = [
      // The last character is U+10FFFF: it cannot be raised, the range ends where "ab" would.
      {
        q: 'ab\u{10ffff}',
        starts: ['ab\u{10ffff}.txt', 'Ab\u{10ffff}\u{10ffff}x.txt'],
        contains: ['x ab\u{10ffff}.txt'],
        neither: ['ab\u{10fffe}.txt', 'ac.txt', 'ab.txt', 'abz.txt'],
      },
      // U+D7FF: the next character a text can hold is U+E000, past the surrogates.
      {
        q: 'ab\ud7ff',
        starts: ['ab\ud7ff.txt', 'ab\ud7ff\ud7ff.txt'],
        contains: ['z ab\ud7ff.txt'],
        neither: ['ab\ue000.txt', 'ab\ud7fe.txt', 'ab\u{10000}.txt'],
      },
      // LIKE's wildcards are plain characters, in both tiers.
      {
        q: 'a%b_c',
        starts: ['a%b_cd.txt'],
        contains: ['x a%b_c.txt'],
        neither: ['axbyc.txt', 'a%bxc.txt', 'ab_c.txt'],
      },
      // Quotes and FTS words, a name that ends with the text, a text that ends with a dash.
      { q: '"hi" or-', starts: ['"hi" or-not.txt'], contains: ['say "hi" or-'], neither: ['"hi" or.txt'] },
      // Case folding: the text and the names compare by their keys (ß is ss, Σ is σ).
      {
        q: 'STRASSE-Σ',
        starts: ['Straße-σ plan.txt', 'strasse-Σ.txt'],
        contains: ['Hauptstraße-σ.txt'],
        neither: ['strasse-s.txt'],
      },
      // Outside the BMP: whole code points, not UTF-16 halves.
      {
        q: '😀😀😀',
        starts: ['😀😀😀 party.jpg', '😀😀😀😁.jpg'],
        contains: ['x😀😀😀.jpg'],
        neither: ['😀😀😁.jpg', '😀😀.jpg'],
      },
    ]
    for (const c of cases) {
      for (const name of [...c.starts, ...c.contains, ...c.neither]) await file(t, top.id, name)
      const { seen } = await walk(member, c.q, 2)
      expect(seen, c.q).toEqual([
        ...[...c.starts].sort(byKey).map((n) => `s:${n}`),
        ...[...c.contains].sort(byKey).map((n) => `c:${n}`),
      ])
    }
  })

  it('finds nothing for a text no name can hold (a NUL, a backslash), rather than failing', async () => {
    for (const q of ['ab\u0000c', 'ab\\', 'a\\%', '\\\\\\']) {
      const page = await search(member, q)
      expect(page.order, JSON.stringify(q)).toEqual([])
      expect(page.nextCursor).toBeNull()
    }
  })
})
