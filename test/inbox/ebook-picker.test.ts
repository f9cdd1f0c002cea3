import { describe, expect, it } from 'vitest'
import { insertFile, insertFolder } from '../support/factories'
import { signedIn } from '../support/people'
import { createTestApp } from '../support/test-app'
import { call } from '../support/typed-client'

// The e-book file picker searches with scope=public: only files in public folders (which every
// signed-in user may open) are offered, never a customer's private files, though an admin can open those.
describe('e-book file picker search', () => {
  it('offers only files in the public tree with scope=public, everything the caller may open otherwise', async () => {
    const t = await createTestApp()
    const db = t.database.db
    const { client: admin } = await signedIn(t, { role: 'admin' })

    const downloads = await insertFolder(db, { folder_name: 'Downloads', type: 'public' })
    const guides = await insertFolder(db, { folder_name: 'Guides', type: 'public', parent_id: downloads.id })
    const customer = await insertFolder(db, { folder_name: 'Customer private', type: 'locked' })
    const underLocked = await insertFolder(db, {
      folder_name: 'Shared',
      type: 'public',
      parent_id: customer.id,
    })
    const top = await insertFile(db, downloads.id, { filename: 'ebook-top.pdf' })
    const nested = await insertFile(db, guides.id, { filename: 'ebook-nested.pdf' })
    await insertFile(db, customer.id, { filename: 'ebook-contract.pdf' })
    await insertFile(db, underLocked.id, { filename: 'ebook-client.pdf' })

    const search = async (query: string) => {
      const res = await call(admin, 'GET', `/api/items/search?${query}`, undefined, 200)
      const body = res as { files: { id: string; filename: string }[] }
      return body.files.map((f) => f.filename).sort()
    }
    expect(await search('q=ebook&scope=public')).toEqual([nested.filename, top.filename].sort())
    expect(await search('q=ebook')).toEqual([
      'ebook-client.pdf',
      'ebook-contract.pdf',
      'ebook-nested.pdf',
      'ebook-top.pdf',
    ])
    await call(admin, 'GET', '/api/items/search?q=ebook&scope=private', undefined, 422)
  })
})
