import type { RestoreResult } from '../../../../shared/contract/files-responses'
import { isApiError } from '../../../lib/api'

// The trash's restore answers in words: where things went, and the two ways out of a 409
// `parent_trashed` (restore the parent too, or pick a folder), whose texts the server sends as the
// messages of the request fields that take them.

export interface ParentTrashed {
  message: string
  restoreParent: string
  chooseFolder: string
}

export function parentTrashed(error: unknown): ParentTrashed | null {
  if (!isApiError(error, 'parent_trashed')) return null
  const field = (name: string) =>
    (error.fieldErrors[name] ?? error.fieldErrors[`body.${name}`])?.join(' ') ?? undefined
  return {
    message: error.message,
    restoreParent: field('restoreParent') ?? 'Restore its folder too, and put it back there.',
    chooseFolder: field('targetFolderId') ?? 'Restore it into a folder you choose.',
  }
}

/** "Restored “Reports” to My folders › Restored files." */
export function restoredText(result: RestoreResult): string {
  const { path, reason } = result.restoredTo
  const where = path.length ? path.join(' › ') : 'the top level'
  const name = `“${result.name}”`
  if (reason === 'my_folders')
    return `Restored ${name} to My folders › ${where}: its folder no longer exists.`
  if (reason === 'parent_restored') return `Restored ${name} and its folder, to ${where}.`
  return `Restored ${name} to ${where}.`
}
