import { beforeAll, describe, expect, it } from 'vitest'
import { successStatus } from '../../src/server/lib/http/route'
import { createUpload, patchUpload } from '../files-transfer/helpers'
import { type Person, signedIn } from '../support/people'
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app'
import {
  type AnswerOf,
  type BodyOf,
  type Method,
  type RouteOf,
  routeOf,
  type SuccessOf,
  call as typedCall,
} from '../support/typed-client'
import { entryFor, file } from './helpers'

// Every file manager answer matches the response schema its route declares (the web app types its
// calls with those schemas), walked through one realistic session.

let t: TestApp
let owner: Person
let friend: Person

beforeAll(async () => {
  t = await createTestApp()
  owner = await signedIn(t, { name: 'Olga Tester' })
  friend = await signedIn(t, { name: 'Frida Tester' })
})

const checked = new Set<string>()

/** The typed client's call as `p` (the owner unless told), noting each route whose answer a schema checked. */
async function call<M extends Method, P extends string>(
  method: M,
  url: P,
  body?: BodyOf<RouteOf<M, P>, SuccessOf<RouteOf<M, P>>>,
  p: Person = owner,
): Promise<AnswerOf<RouteOf<M, P>, SuccessOf<RouteOf<M, P>>>> {
  const answer = await typedCall(p, method, url, body)
  const route = routeOf(method, url)
  if (route.responses[successStatus(route)]?.schema) checked.add(`${method} ${route.path}`)
  return answer
}

/** An answer fetched another way (a visitor's header, a raw upload) checked like call()'s. */
function checkAnswer(method: string, url: string, status: number, json: unknown) {
  const route = routeOf(method, url)
  expect(status, `${method} ${url}: ${JSON.stringify(json)}`).toBe(successStatus(route))
  const parsed = route.responses[status]?.schema?.safeParse(json)
  expect(parsed?.success, `${method} ${route.path}: ${JSON.stringify(parsed?.error?.issues)}`).toBe(true)
  checked.add(`${method} ${route.path}`)
}

describe('the file manager contract', () => {
  it('answers as declared', async () => {
    const top = await call('POST', '/api/folders', { folder_name: 'Contract' })
    const sub = await call('POST', '/api/folders', { folder_name: 'Sub', parent_id: top.id })
    const other = await call('POST', '/api/folders', { folder_name: 'Other', parent_id: top.id })
    await call('POST', `/api/folders/${top.id}/tree`, {
      paths: [
        ['Reports', '2025'],
        ['Reports', '2026'],
      ],
    })
    const f = await file(t, sub.id, 'a.txt')
    await call('GET', '/api/folders?view=mine')
    await call('GET', '/api/items/search?q=a.t')
    await call('GET', '/api/me/storage')
    await call('GET', `/api/folders/${sub.id}`)
    await call('GET', `/api/folders/${sub.id}/children`)
    await call('PATCH', `/api/folders/${sub.id}`, { folder_name: 'Sub 2' })
    await call('GET', `/api/files/${f.id}`)
    await call('PATCH', `/api/files/${f.id}`, { filename: 'b.txt' })
    await call('POST', `/api/files/${f.id}/move`, { targetFolderId: other.id })
    await call('POST', `/api/files/${f.id}/copy`, { targetFolderId: other.id })
    await call('POST', `/api/folders/${sub.id}/copy`, { targetFolderId: other.id })
    await call('POST', `/api/folders/${sub.id}/move`, { targetFolderId: other.id, onConflict: 'rename' })
    await call('POST', '/api/items/copy', { targetFolderId: top.id, items: [{ type: 'file', id: f.id }] })
    await call('POST', '/api/items/move', { targetFolderId: top.id, items: [{ type: 'file', id: f.id }] })
    await call('GET', `/api/folders/${top.id}/share-candidates?q=frid`)
    await call('GET', `/api/folders/${top.id}/share-candidates?q=someone@example.com`)
    await call('POST', `/api/folders/${top.id}/shares`, {
      email: 'someone@example.com',
      permissionType: 'viewer',
    })
    await call('PUT', `/api/folders/${top.id}/permissions/${friend.id}`, { permissionType: 'editor' })
    const access = await call('GET', `/api/folders/${top.id}/permissions`)
    await call('DELETE', `/api/folders/${top.id}/pending-shares/${access.pending[0]!.id}`)
    await call('DELETE', `/api/files/${f.id}`)
    await call('DELETE', `/api/folders/${sub.id}`)
    await call('POST', '/api/items/trash', { items: [{ type: 'folder', id: other.id }] })
    await call('GET', '/api/trash')
    const entry = (await entryFor(t, other.id))!
    await call('GET', `/api/trash/${entry.id}`)
    await call('POST', `/api/trash/${entry.id}/restore`, {})
    await call('DELETE', `/api/folders/${top.id}/permissions/${friend.id}`)
    await call('DELETE', `/api/folders/${other.id}`)
    const again = (await entryFor(t, other.id))!
    await call('DELETE', `/api/trash/${again.id}`)
    // Versions: a replacement keeps the old content; list, restore, delete.
    const kept = await file(t, top.id, 'versioned.txt')
    for (const bytes of ['second', 'third']) {
      const created = await createUpload(owner, bytes.length, { file_id: kept.id })
      expect((await patchUpload(owner, created.headers.get('location')!, 0, Buffer.from(bytes))).status).toBe(
        204,
      )
    }
    const versions = await call('GET', `/api/files/${kept.id}/versions`)
    await call('POST', `/api/files/${kept.id}/versions/${versions.versions[0]!.id}/restore`)
    await call('DELETE', `/api/files/${kept.id}/versions/${versions.versions[1]!.id}`)
    // Share links: made, listed and revoked by the owner; opened by anyone with the token.
    await call('GET', `/api/files/${kept.id}/links`)
    await call('POST', `/api/files/${kept.id}/links`, { mode: 'download' })
    const locked = await call('POST', `/api/folders/${top.id}/links`, {
      mode: 'download',
      password: 'open sesame',
    })
    await call('GET', `/api/folders/${top.id}/links`)
    await call('GET', `/api/s/${locked.token}`)
    const { key } = await call('POST', `/api/s/${locked.token}/unlock`, { password: 'open sesame' })
    const listing = await t.request(`/api/s/${locked.token}/listing`, { headers: { 'X-Share-Key': key } })
    expect(listing.status).toBe(200)
    checkAnswer('GET', `/api/s/${locked.token}/listing`, listing.status, await listing.json())
    const drop = await call('POST', `/api/folders/${top.id}/links`, { mode: 'upload' })
    const dropped = await t.app.request(`/api/s/${drop.token}/files?name=dropped.txt`, {
      method: 'POST',
      headers: { Origin: TEST_ORIGIN, 'Content-Type': 'application/octet-stream' },
      body: 'dropped bytes',
    })
    checkAnswer('POST', `/api/s/${drop.token}/files`, dropped.status, await dropped.json())
    await call('DELETE', `/api/share-links/${locked.id}`)
    await call('DELETE', '/api/trash/mine')
    await call('DELETE', '/api/trash', undefined, await signedIn(t, { name: 'Ada Tester', role: 'admin' }))
    expect(checked.size).toBe(
      t.routes.filter((r) => r.tags.includes('files') && Object.values(r.responses).some((x) => x.schema))
        .length,
    )
  })
})
