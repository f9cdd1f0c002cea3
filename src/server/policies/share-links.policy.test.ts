import { describe, expect, it } from 'vitest'
import type { FolderAccess, FolderLevel } from './folders.policy'
import { canRevokeLink, canShareByLink, linkAllows, linkState, modeAllowed } from './share-links.policy'

const access = (level: FolderLevel | null): FolderAccess => ({
  level,
  via: level === null ? 'none' : level === 'super' ? 'super' : 'grant',
  grantFolderId: null,
})

describe('share links policy', () => {
  it.each([
    ['folder', null, false],
    ['folder', 'viewer', false],
    ['folder', 'editor', false],
    ['folder', 'administrator', true],
    ['folder', 'super', true],
    ['file', 'viewer', false],
    ['file', 'editor', true],
    ['file', 'administrator', true],
  ] as const)('a %s shared at level %s: %s', (itemType, level, expected) => {
    expect(canShareByLink(itemType, level === null ? null : access(level))).toBe(expected)
  })

  it('keeps file drops to folders', () => {
    expect(modeAllowed('folder', 'upload')).toBe(true)
    expect(modeAllowed('file', 'upload')).toBe(false)
    expect(modeAllowed('file', 'download')).toBe(true)
  })

  it.each([
    ['view', 'list', true],
    ['view', 'preview', true],
    ['view', 'download', false],
    ['view', 'upload', false],
    ['download', 'download', true],
    ['download', 'upload', false],
    ['upload', 'list', false],
    ['upload', 'preview', false],
    ['upload', 'upload', true],
  ] as const)('a %s link allows %s: %s', (mode, action, expected) => {
    expect(linkAllows(mode, action)).toBe(expected)
  })

  it('says where a link stands', () => {
    const now = new Date('2026-01-01T12:00:00Z')
    const base = { stopped_reason: null, expires_at: null, download_limit: null, use_count: 0 }
    expect(linkState(base, now)).toBe('active')
    expect(linkState({ ...base, stopped_reason: 'trashed' }, now)).toBe('trashed')
    expect(linkState({ ...base, expires_at: '2026-01-01T12:00:00Z' }, now)).toBe('expired')
    expect(linkState({ ...base, expires_at: '2026-01-01T12:00:01Z' }, now)).toBe('active')
    expect(linkState({ ...base, download_limit: 3, use_count: 3 }, now)).toBe('used_up')
    expect(linkState({ ...base, download_limit: 3, use_count: 2 }, now)).toBe('active')
  })

  it('lets the creator or a current sharer revoke', () => {
    const link = { created_by: 'u1', item_type: 'folder' as const }
    expect(canRevokeLink('u1', link, null)).toBe(true)
    expect(canRevokeLink('u2', link, access('editor'))).toBe(false)
    expect(canRevokeLink('u2', link, access('administrator'))).toBe(true)
  })
})
