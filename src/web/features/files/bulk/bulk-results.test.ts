import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../lib/api'
import { parentTrashed, restoredText } from '../trash/restore-choices'
import { summarise, summaryText } from './bulk-results'

describe('bulk results', () => {
  const names: Record<string, string> = { a: 'a.pdf', b: 'Reports', c: 'c.txt' }
  const summary = summarise(
    [
      { type: 'file', id: 'a', status: 'ok', httpStatus: 200 },
      { type: 'folder', id: 'b', status: 'failed', httpStatus: 409, code: 'name_taken', detail: 'Taken.' },
      { type: 'file', id: 'c', status: 'failed', httpStatus: 403, code: 'forbidden', detail: 'No rights.' },
      { type: 'file', id: 'd', status: 'skipped', httpStatus: 200 },
    ],
    (_type, id) => names[id] ?? id,
  )

  it('counts each outcome and names the problems', () => {
    expect(summary).toMatchObject({ ok: 1, skipped: 1, failed: 2 })
    expect(summary.problems.map((p) => `${p.name}: ${p.message}`)).toEqual([
      'Reports: Taken.',
      'c.txt: No rights.',
    ])
    expect(summaryText('Moved', summary)).toBe('Moved 1 item; 1 skipped; 2 failed.')
  })

  it('offers the conflict choices only for name conflicts', () => {
    expect(summary.conflicts).toEqual([{ type: 'folder', id: 'b' }])
  })
})

describe('restore answers', () => {
  it('reads the two choices of a 409 parent_trashed', () => {
    const error = new ApiError({
      status: 409,
      code: 'parent_trashed',
      title: 'Conflict',
      detail: '“Reports” is in the trash too.',
      fieldErrors: { restoreParent: ['Restore “Reports” too.'], targetFolderId: ['Pick one.'] },
    })
    expect(parentTrashed(error)).toEqual({
      message: '“Reports” is in the trash too.',
      restoreParent: 'Restore “Reports” too.',
      chooseFolder: 'Pick one.',
    })
    expect(parentTrashed(new ApiError({ status: 404, code: 'not_found', title: 'x' }))).toBeNull()
  })

  it('says where a restore went', () => {
    const base = { id: 'e', item_type: 'file' as const, item_id: 'f', name: 'a.pdf', items: 1 }
    expect(
      restoredText({
        ...base,
        restoredTo: { folderId: 'x', path: ['Restored files'], reason: 'my_folders' },
      }),
    ).toBe('Restored “a.pdf” to My folders › Restored files: its folder no longer exists.')
    expect(
      restoredText({ ...base, restoredTo: { folderId: 'x', path: ['Clients', 'Acme'], reason: 'original' } }),
    ).toBe('Restored “a.pdf” to Clients › Acme.')
  })
})
