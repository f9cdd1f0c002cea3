import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import yauzl from 'yauzl'

// Helpers for the file manager's journeys: a folder tree on disk to upload, and a zip's entry names.

/** Writes `tree` ("a/b.txt" → content) under a fresh temporary folder named `name`; returns its path. */
export function folderOnDisk(name: string, tree: Record<string, string>): string {
  const root = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'depot-e2e-')), name)
  for (const [relative, content] of Object.entries(tree)) {
    const file = path.join(root, relative)
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, content)
  }
  return root
}

/** Entry names and contents of a zip file (directories left out). */
export function zipEntries(file: string): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error)
      const entries = new Map<string, string>()
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) return zip.readEntry()
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err)
          const chunks: Buffer[] = []
          stream.on('data', (c: Buffer) => chunks.push(c))
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks).toString('utf8'))
            zip.readEntry()
          })
        })
      })
      zip.on('end', () => resolve(entries))
      zip.on('error', reject)
      zip.readEntry()
    })
  })
}
