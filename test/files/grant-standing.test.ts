import { beforeAll, describe, expect, it } from 'vitest'
import { grant, type Person, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'
import { status } from './helpers'

// A subfolder's administrator cannot demote the administrators of the folders above it (decision
// 0047): a grant never lowers what someone holds there from above unless the granter stands above that
// claim; and locking a subfolder keeps those administrators in.

let t: TestApp
let a: Person
let b: Person
let e: Person

beforeAll(async () => {
  t = await createTestApp()
  a = await signedIn(t, { name: 'Anna Tester' })
  b = await signedIn(t, { name: 'Bert Tester' })
  e = await signedIn(t, { name: 'Ella Tester' })
})

/** A's top-level folder T with a subfolder S that B administers. */
async function tree() {
  const top = await call(a, 'POST', '/api/folders', { folder_name: `T ${Math.random()}` }, 201)
  const sub = await call(a, 'POST', '/api/folders', { folder_name: 'S', parent_id: top.id }, 201)
  await call(a, 'PUT', `/api/folders/${sub.id}/permissions/${b.id}`, { permissionType: 'administrator' })
  return { top, sub }
}

async function aStillOwnsTheTree(top: { id: string }, sub: { id: string }) {
  expect((await call(a, 'GET', `/api/folders/${sub.id}`)).folder.access.level).toBe('administrator')
  expect(await status(a, 'GET', `/api/folders/${sub.id}/permissions`)).toBe(200)
  await call(a, 'PATCH', `/api/folders/${sub.id}`, { folder_name: 'S renamed by A' })
  // Trashing T needs the right on everything inside it, S included.
  await call(a, 'DELETE', `/api/folders/${top.id}`)
}

describe('a subfolder administrator and the owner above', () => {
  it('B cannot make A a viewer or editor of S; A keeps managing S and can trash T', async () => {
    const { top, sub } = await tree()
    for (const level of ['viewer', 'editor']) {
      const body = await call(
        b.client,
        'PUT',
        `/api/folders/${sub.id}/permissions/${a.id}`,
        {
          permissionType: level,
        },
        403,
      )
      expect(body.code).toBe('outranked')
      expect(body.detail).toMatch(/through a folder above/)
    }
    // The share dialog offers B nothing lower for A.
    const list = await call(b, 'GET', `/api/folders/${sub.id}/permissions`)
    const entryOfA = list.entries.find((x: { user: { id: string } }) => x.user.id === a.id)
    expect(entryOfA).toMatchObject({ via: 'inherited', permissionType: 'administrator' })
    expect(entryOfA!.canSet).toEqual(['administrator'])
    // Granting A administrator on S too is no demotion, and revoking that grant leaves A's from T.
    await call(b, 'PUT', `/api/folders/${sub.id}/permissions/${a.id}`, { permissionType: 'administrator' })
    expect(
      await status(b, 'PUT', `/api/folders/${sub.id}/permissions/${a.id}`, { permissionType: 'viewer' }),
    ).toBe(403)
    await call(b, 'DELETE', `/api/folders/${sub.id}/permissions/${a.id}`)
    await aStillOwnsTheTree(top, sub)
  })

  it('A, standing above, may still demote B; B may lower editors of T on S', async () => {
    const { sub, top } = await tree()
    await grant(t, top.id, e.id, 'editor')
    await call(b, 'PUT', `/api/folders/${sub.id}/permissions/${e.id}`, { permissionType: 'viewer' })
    await call(a, 'PUT', `/api/folders/${sub.id}/permissions/${b.id}`, { permissionType: 'viewer' })
    expect((await call(b, 'GET', `/api/folders/${sub.id}`)).folder.access.level).toBe('viewer')
  })

  it('B locking S keeps A in, as administrator of S', async () => {
    const { top, sub } = await tree()
    const locked = await call(b, 'PATCH', `/api/folders/${sub.id}`, { type: 'locked' })
    expect(locked.type).toBe('locked')
    const list = await call(b, 'GET', `/api/folders/${sub.id}/permissions`)
    expect(list.entries.find((x: { user: { id: string } }) => x.user.id === a.id)).toMatchObject({
      via: 'direct',
      permissionType: 'administrator',
    })
    await aStillOwnsTheTree(top, sub)
  })

  it('an editor making a locked subfolder keeps the administrators above in; viewers stay out', async () => {
    const top = await call(a, 'POST', '/api/folders', { folder_name: `Shared ${Math.random()}` }, 201)
    await call(a, 'PUT', `/api/folders/${top.id}/permissions/${e.id}`, { permissionType: 'editor' })
    await call(a, 'PUT', `/api/folders/${top.id}/permissions/${b.id}`, { permissionType: 'viewer' })
    const secret = await call(
      e,
      'POST',
      '/api/folders',
      { folder_name: 'Secret', parent_id: top.id, type: 'locked' },
      201,
    )
    expect((await call(a, 'GET', `/api/folders/${secret.id}`)).folder.access.level).toBe('administrator')
    expect((await call(e, 'GET', `/api/folders/${secret.id}`)).folder.access.level).toBe('administrator')
    expect(await status(b, 'GET', `/api/folders/${secret.id}`)).toBe(404)
  })
})
