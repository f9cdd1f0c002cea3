import { beforeAll, describe, expect, expectTypeOf, it } from 'vitest'
import type { Problem } from '../../src/shared/contract/problem'
import { type Person, signedIn } from './people'
import { createTestApp, type TestApp } from './test-app'
import { call, offContract, routeOf } from './typed-client'

// The suite's typed client: the route a call reaches, the answer parsed by that route's schema and typed
// by it, and a loud failure on any other status or on an answer the schema does not describe.

let t: TestApp
let owner: Person

beforeAll(async () => {
  t = await createTestApp()
  owner = await signedIn(t, { name: 'Tess Client' })
})

describe('the typed test client', () => {
  it('finds the route with the most fixed segments, ignoring the query', () => {
    expect(routeOf('GET', '/api/folders/abc/children').path).toBe('/api/folders/:id/children')
    expect(routeOf('get', '/api/folders/abc').path).toBe('/api/folders/:id')
    expect(routeOf('GET', '/api/folders?view=mine').path).toBe('/api/folders')
    expect(() => routeOf('GET', '/api/nothing/here')).toThrow('no route for GET /api/nothing/here')
  })

  it('types and parses an answer by its route’s 2xx schema', async () => {
    const created = await call(owner, 'POST', '/api/folders', { folder_name: 'Typed' })
    expectTypeOf(created.id).toEqualTypeOf<string>()
    const children = await call(owner, 'GET', `/api/folders/${created.id}/children`)
    expectTypeOf(children.folders).toBeArray()
    expect(children.folders).toEqual([])
    expect(children.files).toEqual([])
  })

  it('types a call to a route declared for several paths by the path it calls', async () => {
    const created = await call(owner, 'POST', '/api/folders', { folder_name: 'Linked' })
    const links = await call(owner, 'GET', `/api/folders/${created.id}/links`)
    expectTypeOf(links.items).toBeArray()
    expect(links.items).toEqual([])
  })

  it('types an expected error as the route’s declared problem', async () => {
    const missing = await call(
      owner,
      'GET',
      '/api/folders/0190a9d0-0000-7000-8000-000000000000',
      undefined,
      404,
    )
    expectTypeOf(missing).toEqualTypeOf<Problem>()
    expect(missing.code).toBe('not_found')
  })

  it('calls as a person, their cookie client, or the test app for someone not signed in', async () => {
    const created = await call(owner.client, 'POST', '/api/folders', { folder_name: 'By client' })
    expect((await call(owner, 'GET', `/api/folders/${created.id}`)).folder.folder_name).toBe('By client')
    const anonymous = await call(t, 'GET', `/api/folders/${created.id}`, undefined, 401)
    expect(anonymous.code).toBe('unauthenticated')
  })

  it('sends a body the contract does not take only when told to', async () => {
    const created = await call(owner, 'POST', '/api/folders', offContract({ folder_name: 'Extra', extra: 1 }))
    expect(created.id).toEqual(expect.any(String))
  })

  it('fails on a status other than the expected one, saying what came back', async () => {
    await expect(call(owner, 'POST', '/api/folders', { folder_name: '' })).rejects.toThrow(
      /POST \/api\/folders → 422 \(expected 201\)/,
    )
  })

  it('refuses at compile time the answer of a path no route serves and a body the route does not take', async () => {
    // Types only: these lines never run.
    const never = false as boolean
    if (never) {
      // @ts-expect-error no route serves this path: its answer is never
      void (await call(owner, 'GET', '/api/no-such-route')).id
      // @ts-expect-error the folder schema takes folder_name, not name
      void call(owner, 'POST', '/api/folders', { name: 'x' })
    }
  })
})
