import fs from 'node:fs'
import { chmod, type FileHandle, mkdir, open, writeFile } from 'node:fs/promises'

// Everything Depot keeps under DATA_DIR is private to the account the server runs as: the folder
// 0700; the SQLite database (and its -wal and -shm), blobs, staged uploads, thumbnails and mail files
// (which hold reset links) 0600. Modes given at creation are cut by the process's umask, and an
// existing folder keeps whatever mode it had, so the exact mode is set after creating, whatever the
// umask.

export const PRIVATE_DIR_MODE = 0o700
export const PRIVATE_FILE_MODE = 0o600

/** Creates `dir` (and any missing parents) owner-only; an existing `dir` is made owner-only too. */
export function makePrivateDirSync(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
  fs.chmodSync(dir, PRIVATE_DIR_MODE)
}

/** Creates `dir` (and any missing parents) owner-only; leaves an existing one as it is. */
export async function makePrivateDir(dir: string): Promise<void> {
  const created = await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
  if (created !== undefined) await chmod(dir, PRIVATE_DIR_MODE)
}

/** Opens `file` with `flags`; a file this call creates is owner-only, whatever the umask. */
export async function openPrivate(file: string, flags: string): Promise<FileHandle> {
  const handle = await open(file, flags, PRIVATE_FILE_MODE)
  try {
    await handle.chmod(PRIVATE_FILE_MODE)
  } catch (error) {
    await handle.close()
    throw error
  }
  return handle
}

/** openPrivate, blocking (a worker thread's file steps): answers the file descriptor. */
export function openPrivateSync(file: string, flags: string): number {
  const fd = fs.openSync(file, flags, PRIVATE_FILE_MODE)
  try {
    fs.fchmodSync(fd, PRIVATE_FILE_MODE)
  } catch (error) {
    fs.closeSync(fd)
    throw error
  }
  return fd
}

/** Writes `data` to a new or replaced `file`, owner-only whatever the umask. */
export async function writePrivateFile(file: string, data: Parameters<typeof writeFile>[1]): Promise<void> {
  await writeFile(file, data, { mode: PRIVATE_FILE_MODE })
  await chmod(file, PRIVATE_FILE_MODE)
}

/** Makes an existing `file` owner-only; a missing one is left missing. */
export function makePrivateIfPresentSync(file: string): void {
  try {
    fs.chmodSync(file, PRIVATE_FILE_MODE)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
}
