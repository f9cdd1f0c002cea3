import { canManageFolderItself } from '../../../policies/files.policy'
import type { FolderAccess } from '../../../policies/folders.policy'
import { canOnFolder, folderAbilities } from '../../../policies/folders.policy'
import type { FileRow, FolderRow } from '../access/item-rows.repository'

// What leaves the server about folders and files, with what the caller may do on each (`abilities`),
// so the web app offers only what the server will allow. The blob key (`path`) never leaves.

/** A folder row as presented (its name key is not needed). */
export type PresentableFolder = Omit<FolderRow, 'name_key'>
/** A file row as presented (never its blob key). */
export type PresentableFile = Omit<FileRow, 'name_key' | 'path' | 'contentBy' | 'sha1' | 'md5'>

export function presentFolder(
  folder: PresentableFolder,
  access: FolderAccess,
  parentAccess: FolderAccess | null,
) {
  const self = canManageFolderItself(folder, access, parentAccess)
  const rules = folderAbilities(access)
  return {
    id: folder.id,
    folder_name: folder.folder_name,
    type: folder.type,
    parent_id: folder.parent_id,
    isTrashed: folder.isTrashed,
    createdBy: folder.createdBy,
    createdAt: folder.createdAt,
    updatedAt: folder.updatedAt,
    access: { level: access.level, via: access.via },
    abilities: {
      list: rules.list,
      /** Upload files and create subfolders in it. */
      write: rules.write,
      rename: self,
      move: self,
      trash: self,
      copy: rules.manageItems,
      share: rules.managePermissions,
      makeLocked: folder.type === 'public' && rules.makeLocked,
      makePublic: folder.type === 'locked' && rules.makePublic,
    },
  }
}
export type FolderView = ReturnType<typeof presentFolder>

/** `access` is the caller's access on the file's folder. */
export function presentFile(file: PresentableFile, access: FolderAccess) {
  const manage = canOnFolder(access, 'manageItems')
  return {
    id: file.id,
    filename: file.filename,
    mimetype: file.mimetype,
    originalname: file.originalname,
    size: Number(file.size),
    folder_id: file.folder_id,
    isTrashed: file.isTrashed,
    sha256: file.sha256,
    createdBy: file.createdBy,
    createdAt: file.createdAt,
    updatedAt: file.updatedAt,
    /** When the content was last changed, as its client says (a sync client's mtime); else updatedAt. */
    modifiedAt: file.clientModifiedAt ?? file.updatedAt,
    abilities: {
      download: canOnFolder(access, 'list'),
      replace: canOnFolder(access, 'write'),
      rename: manage,
      move: manage,
      copy: manage,
      trash: manage,
    },
  }
}
export type FileView = ReturnType<typeof presentFile>

export function crumb(folder: Pick<FolderRow, 'id' | 'folder_name' | 'type'>) {
  return { id: folder.id, folder_name: folder.folder_name, type: folder.type }
}
