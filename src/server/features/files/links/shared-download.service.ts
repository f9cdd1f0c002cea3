import { SHARE_TOKEN_PATTERN } from '../../../../shared/contract/share-links'
import type { AppDeps } from '../../../deps'
import type { BlobToSend } from '../../../lib/blobs/blob-response'
import { HttpProblem } from '../../../lib/http/problem'
import type { ZipEntry } from '../../../lib/zip/stored-zip'
import { safeSegment } from '../../../lib/zip/zip-names'
import { openLink, requireAction } from './share-link-open.service'
import { folderPath, sharedFileRow } from './share-links.repository'
import { sharedFileToSend } from './shared-file.service'
import { sharedZipEntries } from './shared-folder.service'

// A share link used outside a browser (curl, wget, a script), as Nextcloud's /s/TOKEN/download:
// the link itself, asked for without text/html, or /s/TOKEN/download, moves to an address that ends
// in the file's name (or the folder's, .zip), so `curl -LO` and `wget` save it under that name; that
// address serves the file with the download route's ETag and ranges, or the folder's zip.

/** The name a link's download is saved under: the file's, or the shared folder's with .zip. */
export async function sharedDownloadName(
  deps: AppDeps,
  token: string,
  key: string | undefined,
): Promise<string> {
  const opened = await openLink(deps, token, key)
  requireAction(opened, 'download')
  const db = deps.database.db
  if (opened.link.item_type === 'file') return (await sharedFileRow(db, opened.link.item_id))!.filename
  const folder = (await folderPath(db, opened.link.item_id))[0]!
  return `${safeSegment(folder.folder_name)}.zip`
}

export type SharedDownload =
  | { kind: 'file'; blob: BlobToSend }
  | { kind: 'zip'; name: string; entries: ZipEntry[] }

/** What the link shares, to download: the file (one use from its first byte) or the folder's zip. */
export async function sharedDownload(
  deps: AppDeps,
  token: string,
  key: string | undefined,
  range: string | undefined,
): Promise<SharedDownload> {
  const opened = await openLink(deps, token, key)
  requireAction(opened, 'download')
  if (opened.link.item_type === 'folder')
    return { kind: 'zip', ...(await sharedZipEntries(deps, token, key, undefined)) }
  const blob = await sharedFileToSend(deps, token, key, opened.link.item_id, 'attachment', range)
  return { kind: 'file', blob }
}

/**
 * The status a link's web page answers with: 200 while the link works (its password still to be
 * given included), 404 for a token no link has, 410 once the link stopped.
 */
export async function sharedPageStatus(deps: AppDeps, token: string): Promise<200 | 404 | 410> {
  if (!SHARE_TOKEN_PATTERN.test(token)) return 404
  try {
    await openLink(deps, token, undefined)
    return 200
  } catch (error) {
    if (error instanceof HttpProblem && (error.status === 404 || error.status === 410)) return error.status
    throw error
  }
}
