import { canOnFolder, type FolderAccess } from './folders.policy'

// Who does what with a file's versions (docs/decisions/0088), from the caller's access on the file's
// folder: viewers list and download them (as they download the file), editors restore one (a restore
// replaces the content, as an upload does), administrators delete one for good (as they delete
// trashed items for good).

export function fileVersionAbilities(access: FolderAccess) {
  return {
    download: canOnFolder(access, 'list'),
    restore: canOnFolder(access, 'write'),
    delete: canOnFolder(access, 'deletePermanently'),
  }
}
