import { beforeAll, describe, expect, it } from 'vitest'
import { grant, type Person, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'
import { folder, status } from './helpers'

// Finding someone to share with reveals nobody's name or address, nor whether an address has an
// account (product.md §8, docs/decisions/0042): a customer types a full e-mail address, or finds by
// name the people they already share with; super users search everyone. Sharing by address answers
// the same whether or not an account has it.

let t: TestApp
let carla: Person // a customer with her own folders
let dora: Person // holds a grant on Carla's folder
let greta: Person // administers a folder Carla holds a grant on
let hugo: Person // holds a grant on a subfolder of Carla's folder
let sam: Person // has never shared anything with Carla
let ulla: Person // likewise
let ada: Person // admin
let stef: Person // staff with ManageFolders
let rex: Person // suspended
let mine: { id: string }

beforeAll(async () => {
  t = await createTestApp()
  carla = await signedIn(t, { name: 'Carla Tester' })
  dora = await signedIn(t, { name: 'Dora Tester' })
  greta = await signedIn(t, { name: 'Greta Tester' })
  hugo = await signedIn(t, { name: 'Hugo Tester' })
  sam = await signedIn(t, { name: 'Sam Tester' })
  ulla = await signedIn(t, { name: 'Ulla Tester' })
  ada = await signedIn(t, { name: 'Ada Tester', role: 'admin' })
  stef = await signedIn(t, { name: 'Stef Tester', role: 'staff', functions: ['ManageFolders'] })
  rex = await signedIn(t, { name: 'Rex Tester' })
  await t.database.db.updateTable('users').set({ isRestricted: true }).where('id', '=', rex.id).execute()

  mine = await call(carla, 'POST', '/api/folders', { folder_name: 'Carla’s work' }, 201)
  await grant(t, mine.id, dora.id, 'viewer')
  await grant(t, mine.id, rex.id, 'viewer')
  const sub = await call(carla, 'POST', '/api/folders', { folder_name: 'Drafts', parent_id: mine.id }, 201)
  await grant(t, sub.id, hugo.id, 'editor')
  const gretas = await folder(t, 'Greta’s project', { type: 'locked' })
  await grant(t, gretas.id, greta.id, 'administrator')
  await grant(t, gretas.id, carla.id, 'viewer')
})

type Candidates = {
  scope: 'everyone' | 'contacts'
  items: { id: string; name: string; email: string }[]
  address: string | null
}
const lookup = (p: Person, q: string, folderId = mine.id): Promise<Candidates> =>
  call(p, 'GET', `/api/folders/${folderId}/share-candidates?q=${encodeURIComponent(q)}`)
const ids = (c: Candidates) => c.items.map((i) => i.id).sort()

describe('a customer’s lookup', () => {
  it('finds nobody they do not already share with by part of a name or address', async () => {
    for (const q of ['tester', 'example', '@e', 'sam', 'ad', 'ste']) {
      const found = await lookup(carla, q)
      expect(found.scope).toBe('contacts')
      expect(found.address).toBeNull()
      for (const stranger of [sam, ulla, ada, stef]) {
        expect(ids(found)).not.toContain(stranger.id)
        expect(JSON.stringify(found)).not.toContain(stranger.email)
      }
    }
  })

  it('suggests the people they already share with, both ways, and never a suspended one', async () => {
    expect(ids(await lookup(carla, 'tester'))).toEqual([dora.id, greta.id, hugo.id].sort())
    expect(ids(await lookup(carla, 'dor'))).toEqual([dora.id])
    expect(ids(await lookup(carla, 'gret'))).toEqual([greta.id]) // she shared with Carla
    expect(ids(await lookup(carla, 'hug'))).toEqual([hugo.id]) // on a subfolder of Carla's folder
    expect(ids(await lookup(carla, 'rex'))).toEqual([])
    const contact = (await lookup(carla, 'dora')).items[0]!
    expect(Object.keys(contact).sort()).toEqual(['email', 'id', 'name'])
    // And the other way round: Dora finds Carla, who administers a folder Dora holds a grant on.
    const doras = await call(dora, 'POST', '/api/folders', { folder_name: 'Dora’s' }, 201)
    expect(ids(await lookup(dora, 'carla', doras.id))).toEqual([carla.id])
  })

  it('offers a full e-mail address back as typed, with no hint whether an account has it', async () => {
    const known = await lookup(carla, `  ${sam.email.toUpperCase()} `)
    const unknown = await lookup(carla, 'Nobody.Here@Example.com')
    expect(known).toEqual({ scope: 'contacts', items: [], address: sam.email })
    expect(unknown).toEqual({ scope: 'contacts', items: [], address: 'nobody.here@example.com' })
    // A contact's address finds the contact (already known to the caller) and offers nothing more.
    expect(await lookup(carla, dora.email)).toMatchObject({ items: [{ id: dora.id }], address: null })
  })

  it('takes about as long for an address with an account as for one without', async () => {
    const time = async (q: string) => {
      const started = performance.now()
      await lookup(carla, q)
      return performance.now() - started
    }
    const known: number[] = []
    const unknown: number[] = []
    for (let i = 0; i < 12; i++) {
      known.push(await time(ulla.email))
      unknown.push(await time(`nobody-${i}@example.com`))
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
    // The same queries run either way; only noise differs (generous bounds for a loaded machine).
    expect(median(known)).toBeLessThan(median(unknown) * 3 + 25)
    expect(median(unknown)).toBeLessThan(median(known) * 3 + 25)
  })

  it('treats % and _ literally and is only for the folder’s administrators', async () => {
    expect((await lookup(carla, '%_')).items).toEqual([])
    expect(await status(sam, 'GET', `/api/folders/${mine.id}/share-candidates?q=carla`)).toBe(404)
    expect(await status(dora, 'GET', `/api/folders/${mine.id}/share-candidates?q=carla`)).toBe(403)
    expect(await status(carla, 'GET', `/api/folders/${mine.id}/share-candidates?q=c`)).toBe(422)
  })
})

describe('super users', () => {
  it('search everyone by part of a name or address', async () => {
    for (const su of [ada, stef]) {
      const found = await lookup(su, 'tester', mine.id)
      expect(found.scope).toBe('everyone')
      expect(ids(found)).toEqual(expect.arrayContaining([sam.id, ulla.id, carla.id]))
      expect(ids(found)).not.toContain(rex.id)
      expect(ids(found)).not.toContain(su.id)
      expect(ids(await lookup(su, sam.email.slice(0, 8)))).toContain(sam.id)
    }
    const found = await lookup(ada, ulla.email)
    expect(found).toMatchObject({ scope: 'everyone', items: [{ id: ulla.id }], address: null })
  })
})

describe('sharing by e-mail address', () => {
  const share = (p: Person, folderId: string, email: string, permissionType = 'viewer') =>
    p.client.json(`/api/folders/${folderId}/shares`, 'POST', { email, permissionType })

  it('gives an account with the address access and notifies them; the answer is the same for an address without one', async () => {
    const target = await call(carla, 'POST', '/api/folders', { folder_name: 'For Sam' }, 201)
    const known = await share(carla, target.id, sam.email.toUpperCase())
    const unknown = await share(carla, target.id, 'Nobody.Else@Example.com')
    expect(known.status).toBe(200)
    expect(unknown.status).toBe(200)
    expect(await known.json()).toEqual({ email: sam.email, permissionType: 'viewer' })
    expect(await unknown.json()).toEqual({ email: 'nobody.else@example.com', permissionType: 'viewer' })
    expect(known.headers.get('content-type')).toBe(unknown.headers.get('content-type'))

    const shared = await call(sam, 'GET', '/api/folders?view=shared')
    expect(shared.folders.map((f: { id: string }) => f.id)).toContain(target.id)
    const inbox = await call(sam, 'GET', '/api/notifications?limit=100')
    expect(
      inbox.items.some(
        (n: { type: string; action: string; link: string | null }) =>
          n.type === 'folder' && n.action === 'updated' && n.link === `/files/${target.id}`,
      ),
    ).toBe(true)
    // The address without an account got no grant (its share waits for it: share-by-email-mail.test.ts).
    const grants = await t.database.db
      .selectFrom('folder_permissions')
      .select('user_id')
      .where('folder_id', '=', target.id)
      .execute()
    expect(grants.map((g) => g.user_id).sort()).toEqual([carla.id, sam.id].sort())
  })

  it('answers the same for a suspended account and an address without one; the caller’s own is refused', async () => {
    const target = await call(carla, 'POST', '/api/folders', { folder_name: 'Quiet' }, 201)
    const answers = []
    for (const email of [rex.email, 'ghost@example.com']) {
      const res = await share(carla, target.id, email)
      answers.push({ status: res.status, body: await res.json() })
    }
    expect(answers).toEqual([
      { status: 200, body: { email: rex.email, permissionType: 'viewer' } },
      { status: 200, body: { email: 'ghost@example.com', permissionType: 'viewer' } },
    ])
    // She knows her own address: saying so reveals nothing about anyone else.
    const own = await share(carla, target.id, carla.email.toUpperCase())
    expect(own.status).toBe(422)
    expect((await own.json()).errors.email).toEqual([
      'That is your own address: you already have this folder.',
    ])
    const list = await call(carla, 'GET', `/api/folders/${target.id}/permissions`)
    expect(list.entries.map((e: { user: { id: string } }) => e.user.id)).toEqual([carla.id])
    expect(list.entries[0]!.permissionType).toBe('administrator') // not lowered by sharing with herself
  })

  it('refuses only for reasons about the caller: their level and their right to share here', async () => {
    const target = await folder(t, 'Edited by Dora', { type: 'locked' })
    await grant(t, target.id, carla.id, 'administrator')
    await grant(t, target.id, dora.id, 'editor')
    for (const email of [ulla.email, 'nobody-at-all@example.com']) {
      expect((await share(dora, target.id, email)).status).toBe(403) // an editor does not share
      expect((await share(sam, target.id, email)).status).toBe(404) // cannot even open it
    }
    const invalid = await share(carla, target.id, 'not an address')
    expect(invalid.status).toBe(422)
  })

  it('is limited to 30 addresses an hour for a customer, known or not; not for super users', async () => {
    const u = await signedIn(t, { name: 'Una Tester' })
    const target = await call(u, 'POST', '/api/folders', { folder_name: 'Busy' }, 201)
    for (let i = 0; i < 30; i++) {
      const email = i % 2 ? `someone-${i}@example.com` : ulla.email
      expect((await share(u, target.id, email)).status).toBe(200)
    }
    const over = await share(u, target.id, 'one-more@example.com')
    expect(over.status).toBe(429)
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await share(u, target.id, ulla.email)).status).toBe(429)
    t.clock.advance(60 * 60_000 + 1000)
    expect((await share(u, target.id, 'later@example.com')).status).toBe(200)

    const adminFolder = await call(ada, 'POST', '/api/folders', { folder_name: 'Admin’s' }, 201)
    for (let i = 0; i < 32; i++)
      expect((await share(ada, adminFolder.id, `bulk-${i}@example.com`)).status).toBe(200)
  })
})
