// Turns what was dropped or picked (files with their paths inside the dropped folders) into the
// folders to create, parents first, and the file each upload goes to. Pure, so it is tested alone.

export interface PickedFile {
  file: File
  /** "Photos/2026/a.jpg" for a file inside a dropped folder; just the name otherwise. */
  path: string
}

export interface UploadPlan {
  /** Relative folder paths to create, each after its parent ("Photos", "Photos/2026"). */
  folders: string[]
  files: { file: File; folderPath: string; name: string }[]
}

function split(path: string): string[] {
  return path.split('/').filter((part) => part !== '' && part !== '.')
}

export function planUpload(picked: readonly PickedFile[]): UploadPlan {
  const folders = new Set<string>()
  const files: UploadPlan['files'] = []
  for (const { file, path } of picked) {
    const parts = split(path || file.name)
    const name = parts.pop() ?? file.name
    for (let i = 1; i <= parts.length; i++) folders.add(parts.slice(0, i).join('/'))
    files.push({ file, folderPath: parts.join('/'), name })
  }
  // Shallower first, so a parent is always created before its children.
  const ordered = [...folders].sort((a, b) => split(a).length - split(b).length || a.localeCompare(b))
  return { folders: ordered, files }
}

export function parentPath(path: string): string {
  const parts = split(path)
  parts.pop()
  return parts.join('/')
}

export function lastPart(path: string): string {
  return split(path).pop() ?? path
}

/** Reads a drop: files and (through the entries API) whole folders, keeping their paths. */
export async function readDrop(dataTransfer: DataTransfer): Promise<PickedFile[]> {
  const entries = [...dataTransfer.items]
    .map((item) => (item.kind === 'file' ? item.webkitGetAsEntry?.() : null))
    .filter((e): e is FileSystemEntry => !!e)
  if (entries.length === 0) return [...dataTransfer.files].map((file) => ({ file, path: file.name }))
  const out: PickedFile[] = []
  for (const entry of entries) await walk(entry, '', out)
  return out
}

async function walk(entry: FileSystemEntry, prefix: string, out: PickedFile[]): Promise<void> {
  const path = prefix ? `${prefix}/${entry.name}` : entry.name
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) =>
      (entry as FileSystemFileEntry).file(resolve, reject),
    )
    out.push({ file, path })
    return
  }
  const reader = (entry as FileSystemDirectoryEntry).createReader()
  // readEntries answers in batches (100 in Chromium) until it answers none.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    )
    if (batch.length === 0) break
    for (const child of batch) await walk(child, path, out)
  }
}

/** What an <input type=file> gave: with `webkitdirectory`, each file knows its path in the folder. */
export function fromInput(list: FileList | null): PickedFile[] {
  return [...(list ?? [])].map((file) => ({ file, path: file.webkitRelativePath || file.name }))
}
