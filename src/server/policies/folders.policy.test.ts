import { describe, expect, it } from 'vitest'
import type { PermissionType } from '../../shared/enums'
import type { Caller } from '../lib/http/caller'
import {
  canGrantLevel,
  canOnFolder,
  canReadFolder,
  type FolderAction,
  type FolderGrant,
  type FolderLevel,
  type FolderNode,
  folderVisibility,
  isFolderSuperUser,
  resolveFolderAccess,
} from './folders.policy'
import { user } from './test-callers'

// A tree:
//   pub (public)                      lock (locked)
//   ├─ pubA (public)                  ├─ lockPub (public)
//   │  └─ pubAL (locked)              │  └─ lockPubDeep (public)
//   │     └─ pubALP (public)          └─ lockLock (locked)
//   └─ pubB (public)
const nodes: Record<string, FolderNode> = {
  pub: { id: 'pub', type: 'public', parent_id: null },
  pubA: { id: 'pubA', type: 'public', parent_id: 'pub' },
  pubAL: { id: 'pubAL', type: 'locked', parent_id: 'pubA' },
  pubALP: { id: 'pubALP', type: 'public', parent_id: 'pubAL' },
  pubB: { id: 'pubB', type: 'public', parent_id: 'pub' },
  lock: { id: 'lock', type: 'locked', parent_id: null },
  lockPub: { id: 'lockPub', type: 'public', parent_id: 'lock' },
  lockPubDeep: { id: 'lockPubDeep', type: 'public', parent_id: 'lockPub' },
  lockLock: { id: 'lockLock', type: 'locked', parent_id: 'lock' },
}
function chainOf(id: string): FolderNode[] {
  const chain: FolderNode[] = []
  let node: FolderNode | undefined = nodes[id]
  while (node) {
    chain.push(node)
    node = node.parent_id ? nodes[node.parent_id] : undefined
  }
  return chain
}
const grant = (folder_id: string, permissionType: PermissionType, user_id = 'u'): FolderGrant => ({
  folder_id,
  user_id,
  permissionType,
})

const plain = user()
const admin = user({ role: 'admin' })
const folderStaff = user({ role: 'staff', staffFunctions: ['ManageFolders'] })
const shopStaff = user({ role: 'staff', staffFunctions: ['AccessShop'] })
const userWithFunction = user({ role: 'user', staffFunctions: ['ManageFolders'] })

// [case, actor, folder, grants, expected level]
const cases: [string, Caller, string, FolderGrant[], FolderLevel | null][] = [
  ['anonymous sees nothing, even public', { kind: 'anonymous' }, 'pub', [], null],
  ['a restricted user sees nothing', user({ isRestricted: true }), 'pub', [grant('pub', 'editor')], null],
  ['a restricted admin is no super user', user({ role: 'admin', isRestricted: true }), 'lock', [], null],
  ['admin: super everywhere', admin, 'lockLock', [], 'super'],
  ['ManageFolders staff: super everywhere', folderStaff, 'pubALP', [], 'super'],
  ['other staff: no super', shopStaff, 'lock', [], null],
  ['a user-role account with functions: no super', userWithFunction, 'lock', [], null],
  ['top-level public: everyone views', plain, 'pub', [], 'viewer'],
  ['public subtree: everyone views', plain, 'pubB', [], 'viewer'],
  ['locked inside public: closed', plain, 'pubAL', [], null],
  ['public inside locked inside public: closed', plain, 'pubALP', [], null],
  ['top-level locked: closed', plain, 'lock', [], null],
  ['public inside locked: closed without a grant', plain, 'lockPub', [], null],
  ['grant on the locked folder opens it', plain, 'lock', [grant('lock', 'viewer')], 'viewer'],
  ['the grant flows into public subfolders', plain, 'lockPubDeep', [grant('lock', 'editor')], 'editor'],
  ['the grant stops at the next locked folder', plain, 'lockLock', [grant('lock', 'administrator')], null],
  [
    'a grant below a locked folder opens only that subtree',
    plain,
    'lock',
    [grant('lockPub', 'editor')],
    null,
  ],
  ['a grant inside a locked folder', plain, 'lockPubDeep', [grant('lockPub', 'editor')], 'editor'],
  [
    'the nearest grant wins, even when lower',
    plain,
    'lockPubDeep',
    [grant('lock', 'administrator'), grant('lockPubDeep', 'viewer')],
    'viewer',
  ],
  [
    'the nearest grant wins, when higher',
    plain,
    'lockPubDeep',
    [grant('lock', 'viewer'), grant('lockPub', 'administrator')],
    'administrator',
  ],
  ['a grant in a public tree raises the level', plain, 'pubA', [grant('pub', 'editor')], 'editor'],
  [
    'grants above a locked folder do not pass into it',
    plain,
    'pubALP',
    [grant('pub', 'administrator')],
    null,
  ],
  [
    'a grant on a locked folder inside public opens it',
    plain,
    'pubALP',
    [grant('pubAL', 'viewer')],
    'viewer',
  ],
  ['someone else’s grant does nothing', plain, 'lock', [grant('lock', 'administrator', 'other')], null],
]

describe('resolveFolderAccess', () => {
  it.each(cases)('%s', (_label, actor, folder, grants, expected) => {
    expect(resolveFolderAccess(actor, chainOf(folder), grants).level).toBe(expected)
  })

  it('names the folder whose grant applies', () => {
    const access = resolveFolderAccess(plain, chainOf('lockPubDeep'), [grant('lockPub', 'editor')])
    expect(access).toEqual({ level: 'editor', via: 'grant', grantFolderId: 'lockPub' })
  })

  it('opens nothing through a chain that does not link up to the top', () => {
    const broken = [nodes.pubA!] // its parent is missing
    expect(resolveFolderAccess(plain, broken, []).level).toBeNull()
    expect(resolveFolderAccess(plain, [], []).level).toBeNull()
  })
})

describe('isFolderSuperUser', () => {
  it.each([
    ['admin', admin, true],
    ['ManageFolders staff', folderStaff, true],
    ['AccessShop staff', shopStaff, false],
    ['user', plain, false],
    ['user-role account holding ManageFolders', userWithFunction, false],
    ['anonymous', { kind: 'anonymous' } as Caller, false],
  ])('%s', (_label, actor, expected) => {
    expect(isFolderSuperUser(actor)).toBe(expected)
  })
})

// level × action → allowed (product.md §2's table)
const ACTIONS: FolderAction[] = [
  'list',
  'write',
  'manageItems',
  'manageSelf',
  'restoreOwn',
  'restoreAny',
  'deletePermanently',
  'managePermissions',
  'makeLocked',
  'makePublic',
  'manageAllTrash',
]
const table: Record<string, boolean[]> = {
  none: [false, false, false, false, false, false, false, false, false, false, false],
  viewer: [true, false, false, false, false, false, false, false, false, false, false],
  editor: [true, true, true, false, true, false, false, false, false, false, false],
  administrator: [true, true, true, true, true, true, true, true, true, false, false],
  super: [true, true, true, true, true, true, true, true, true, true, true],
}

describe('canOnFolder', () => {
  for (const [level, expected] of Object.entries(table)) {
    it(`decides for ${level}`, () => {
      const access = {
        level: level === 'none' ? null : (level as FolderLevel),
        via: 'grant' as const,
        grantFolderId: null,
      }
      expect(ACTIONS.map((a) => canOnFolder(access, a))).toEqual(expected)
      expect(canReadFolder(access)).toBe(expected[0])
    })
  }

  it('grants up to the granter’s own level', () => {
    const administrator = { level: 'administrator' as const, via: 'grant' as const, grantFolderId: 'x' }
    const editor = { level: 'editor' as const, via: 'grant' as const, grantFolderId: 'x' }
    const su = { level: 'super' as const, via: 'super' as const, grantFolderId: null }
    expect(canGrantLevel(administrator, 'administrator')).toBe(true)
    expect(canGrantLevel(editor, 'viewer')).toBe(false)
    expect(canGrantLevel(su, 'administrator')).toBe(true)
  })
})

describe('folderVisibility', () => {
  it('lists what opens, shows a locked folder only as the way to a grant inside it, hides the rest', () => {
    const open = resolveFolderAccess(plain, chainOf('pub'), [])
    const closed = resolveFolderAccess(plain, chainOf('lock'), [])
    expect(folderVisibility(open, false)).toBe('open')
    expect(folderVisibility(closed, true)).toBe('path')
    expect(folderVisibility(closed, false)).toBe('hidden')
  })
})
