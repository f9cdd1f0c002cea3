import { describe, expect, it } from 'vitest'
import type { PermissionType } from '../../shared/enums'
import type { Caller } from '../lib/http/caller'
import {
  canChangeFolderType,
  canChangeGrant,
  canCreateFolder,
  canDeleteTrashEntry,
  canManageFolderItself,
  canSeeTrashEntry,
  type FolderFacts,
} from './files.policy'
import type { FolderAccess, FolderLevel } from './folders.policy'
import { user } from './test-callers'

const admin = user({ role: 'admin' })
const manager = user({ role: 'staff', staffFunctions: ['ManageFolders'] })
const shopStaff = user({ role: 'staff', staffFunctions: ['AccessShop'] })

const at = (level: FolderLevel | null, grantFolderId: string | null = null): FolderAccess => ({
  level,
  via: level === 'super' ? 'super' : grantFolderId ? 'grant' : level ? 'public' : 'none',
  grantFolderId,
})
const top: FolderFacts = { id: 'top', parent_id: null, type: 'locked' }
const sub: FolderFacts = { id: 'sub', parent_id: 'top', type: 'public' }

describe('canManageFolderItself (rename, move, trash a folder)', () => {
  it.each([
    // folder, access on it, access on its parent, allowed
    ['top-level, administrator', top, at('administrator', 'top'), null, true],
    ['top-level, editor', top, at('editor', 'top'), null, false],
    ['top-level public, viewer', { ...top, type: 'public' as const }, at('viewer'), null, false],
    ['inside, editor of the parent (an item inside)', sub, at('editor', 'top'), at('editor', 'top'), true],
    ['inside, viewer of the parent', sub, at('viewer', 'top'), at('viewer', 'top'), false],
    ['the granted folder itself, editor there', sub, at('editor', 'sub'), at('editor', 'top'), false],
    ['the granted folder itself, administrator there', sub, at('administrator', 'sub'), at(null), true],
    ['super user', sub, at('super'), at('super'), true],
    ['cannot open it', sub, at(null), at('administrator', 'top'), false],
  ] as const)('%s → %s', (_name, folder, self, parent, allowed) => {
    expect(canManageFolderItself(folder, self, parent)).toBe(allowed)
  })
})

describe('canCreateFolder', () => {
  it.each([
    ['user, top-level locked', user(), null, 'locked', 'ok'],
    ['user, top-level public', user(), null, 'public', 'forbidden'],
    ['shop staff, top-level public', shopStaff, null, 'public', 'forbidden'],
    ['admin, top-level public', admin, null, 'public', 'ok'],
    ['ManageFolders, top-level public', manager, null, 'public', 'ok'],
    ['restricted user, top-level locked', user({ isRestricted: true }), null, 'locked', 'forbidden'],
    ['anonymous', { kind: 'anonymous' } as Caller, null, 'locked', 'forbidden'],
    ['editor of the parent', user(), at('editor', 'top'), 'public', 'ok'],
    ['editor of the parent, locked subfolder', user(), at('editor', 'top'), 'locked', 'ok'],
    ['viewer of the parent', user(), at('viewer'), 'public', 'forbidden'],
  ] as const)('%s → %s', (_name, actor, parent, type, expected) => {
    expect(canCreateFolder(actor, parent, type)).toBe(expected)
  })
})

describe('canChangeFolderType', () => {
  it.each([
    ['administrator locks', at('administrator', 'top'), 'locked', true],
    ['administrator opens up', at('administrator', 'top'), 'public', false],
    ['editor locks', at('editor', 'top'), 'locked', false],
    ['super opens up', at('super'), 'public', true],
  ] as const)('%s → %s', (_name, access, to, allowed) => {
    expect(canChangeFolderType(access, to)).toBe(allowed)
  })
})

describe('canChangeGrant', () => {
  const base = {
    chain: ['top'],
    isTopLevel: true,
    administratorsOnFolder: 2,
    targetInherited: null,
    targetIsCaller: false,
  }
  it.each<
    [string, FolderLevel | null, PermissionType | null, PermissionType | null, boolean, number, string]
  >([
    ['administrator grants viewer', 'administrator', null, 'viewer', true, 2, 'ok'],
    ['administrator grants administrator', 'administrator', null, 'administrator', true, 2, 'ok'],
    ['editor grants viewer', 'editor', null, 'viewer', true, 2, 'forbidden'],
    ['viewer grants viewer', 'viewer', null, 'viewer', true, 2, 'forbidden'],
    [
      'administrator removes the last administrator of a top-level folder',
      'administrator',
      'administrator',
      null,
      true,
      1,
      'last_administrator',
    ],
    [
      'administrator demotes the last administrator',
      'administrator',
      'administrator',
      'editor',
      true,
      1,
      'last_administrator',
    ],
    ['super removes the last administrator', 'super', 'administrator', null, true, 1, 'ok'],
    ['administrator removes one of two', 'administrator', 'administrator', null, true, 2, 'ok'],
    [
      'the last administrator of a subfolder may go (the top still has one)',
      'administrator',
      'administrator',
      null,
      false,
      1,
      'ok',
    ],
    ['nobody', null, null, 'viewer', true, 2, 'forbidden'],
  ])('%s → %s', (_name, level, current, next, isTopLevel, admins, expected) => {
    expect(
      canChangeGrant({
        ...base,
        access: at(level, level && level !== 'super' ? 'top' : null),
        isTopLevel,
        targetCurrent: current,
        targetNext: next,
        administratorsOnFolder: admins,
      }),
    ).toBe(expected)
  })
})

describe('canChangeGrant never lowers what someone holds there from above', () => {
  // S is a subfolder of the top-level T. B administers S by a grant on S; A administers T.
  const chain = ['S', 'T']
  const onS = at('administrator', 'S')
  const fromT = (level: FolderLevel) => at(level, 'T')
  it.each<
    [string, FolderAccess, PermissionType | null, PermissionType | null, FolderAccess | null, boolean, string]
  >([
    // name, caller's access on S, target's grant on S, the change, target's access from above, self, verdict
    ['B makes A a viewer on S', onS, null, 'viewer', fromT('administrator'), false, 'outranked'],
    ['B makes A an editor on S', onS, null, 'editor', fromT('administrator'), false, 'outranked'],
    [
      'B lowers A’s own grant on S',
      onS,
      'administrator',
      'viewer',
      fromT('administrator'),
      false,
      'outranked',
    ],
    ['B lowers A’s editor grant on S', onS, 'editor', 'viewer', fromT('administrator'), false, 'outranked'],
    ['B gives A administrator on S too', onS, null, 'administrator', fromT('administrator'), false, 'ok'],
    [
      'B revokes A’s grant on S (A keeps T’s)',
      onS,
      'administrator',
      null,
      fromT('administrator'),
      false,
      'ok',
    ],
    ['B revokes A’s viewer grant on S', onS, 'viewer', null, fromT('administrator'), false, 'ok'],
    ['A demotes B on S', fromT('administrator'), 'administrator', 'viewer', null, false, 'ok'],
    ['A revokes B on S', fromT('administrator'), 'administrator', null, null, false, 'ok'],
    [
      'B makes an editor of T a viewer on S (B outranks editors)',
      onS,
      null,
      'viewer',
      fromT('editor'),
      false,
      'ok',
    ],
    ['B demotes another administrator of S', onS, 'administrator', 'editor', null, false, 'ok'],
    [
      'B revokes an administrator of S with viewer from the public tree',
      onS,
      'administrator',
      null,
      at('viewer'),
      false,
      'ok',
    ],
    ['B lowers their own grant', onS, 'administrator', 'viewer', null, true, 'ok'],
    ['a super user makes A a viewer', at('super'), null, 'viewer', fromT('administrator'), false, 'ok'],
    ['a grant on a super user lowers nothing', onS, null, 'viewer', at('super'), false, 'ok'],
    ['B gives a viewer from the public tree editor', onS, null, 'editor', at('viewer'), false, 'ok'],
  ])('%s → %s', (_name, access, current, next, inherited, self, expected) => {
    expect(
      canChangeGrant({
        access,
        chain,
        isTopLevel: false,
        targetCurrent: current,
        targetNext: next,
        targetInherited: inherited,
        targetIsCaller: self,
        administratorsOnFolder: 2,
      }),
    ).toBe(expected)
  })
})

describe('trash entries', () => {
  const me = user({ id: 'me' })
  it.each([
    [
      'administrator of the original folder, someone else’s deletion',
      me,
      'other',
      at('administrator', 'top'),
      true,
      true,
    ],
    ['editor, own deletion', me, 'me', at('editor', 'top'), true, false],
    ['editor, someone else’s deletion', me, 'other', at('editor', 'top'), false, false],
    ['viewer, own deletion (access lowered since)', me, 'me', at('viewer'), false, false],
    ['nobody, own deletion', me, 'me', at(null), false, false],
    ['origin gone', me, 'me', null, false, false],
    ['super user', manager, 'other', null, true, true],
  ] as const)('%s → sees %s, deletes %s', (_name, actor, trashedBy, originAccess, sees, deletes) => {
    expect(canSeeTrashEntry(actor, { trashedBy, originAccess })).toBe(sees)
    expect(canDeleteTrashEntry(actor, { trashedBy, originAccess })).toBe(deletes)
  })
})
