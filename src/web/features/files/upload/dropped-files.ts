// Turns what the user dropped or picked into files with their folder path, so a dropped folder keeps
// its structure. Uses the File and Directory Entries API (webkitGetAsEntry), which every current
// browser supports for drops; a picker with `webkitdirectory` gives webkitRelativePath instead.

export interface PickedFile {
  file: File
  /** Folder names from the drop's root down to the file's folder; empty for a loose file. */
  folders: string[]
}

export function fromFileList(list: FileList | readonly File[]): PickedFile[] {
  return Array.from(list).map((file) => {
    const parts = (file.webkitRelativePath || file.name).split('/').filter(Boolean)
    return { file, folders: parts.slice(0, -1) }
  })
}

export async function fromDataTransfer(data: DataTransfer): Promise<PickedFile[]> {
  const entries = Array.from(data.items)
    .filter((item) => item.kind === 'file')
    .map((item) => item.webkitGetAsEntry?.())
  if (entries.length === 0 || entries.some((e) => !e)) return fromFileList(data.files)
  const out: PickedFile[] = []
  for (const entry of entries) await walk(entry!, [], out)
  return out
}

async function walk(entry: FileSystemEntry, folders: string[], out: PickedFile[]): Promise<void> {
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) =>
      (entry as FileSystemFileEntry).file(resolve, reject),
    )
    out.push({ file, folders })
    return
  }
  if (!entry.isDirectory) return
  const reader = (entry as FileSystemDirectoryEntry).createReader()
  const path = [...folders, entry.name]
  // readEntries returns at most 100 entries a call in Chromium: read until it returns none.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    )
    if (batch.length === 0) break
    for (const child of batch) await walk(child, path, out)
  }
  // An empty folder still counts: the caller creates it.
  if (!out.some((p) => startsWith(p.folders, path))) out.push({ file: EMPTY_FOLDER, folders: path })
}

/** Stands for an empty dropped folder: created, nothing uploaded into it. */
export const EMPTY_FOLDER = new File([], '')

const startsWith = (a: string[], b: string[]) => b.every((name, i) => a[i] === name)
