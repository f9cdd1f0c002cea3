import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { expect } from 'vitest'

// PDFs read back as Debian's tools read them: qpdf checks the structure, pdftotext (poppler-utils)
// gives the text a reader would copy out of it.

const run = promisify(execFile)

/** The PDF's text in reading layout, after qpdf found its structure sound. */
export async function pdfText(bytes: Buffer | Uint8Array): Promise<string> {
  expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-')
  const dir = await mkdtemp(path.join(tmpdir(), 'depot-pdf-'))
  try {
    const file = path.join(dir, 'document.pdf')
    await writeFile(file, bytes)
    const check = await run('qpdf', ['--check', file])
    expect(check.stdout).toContain('No syntax or stream encoding errors found')
    return (await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'])).stdout.normalize('NFC')
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** The files of a zip and one member's bytes, as `unzip` reads them. */
export async function unzipMember(
  bytes: Uint8Array,
  member?: string,
): Promise<{ names: string[]; member?: Buffer }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'depot-zip-'))
  try {
    const file = path.join(dir, 'export.zip')
    await writeFile(file, bytes)
    await run('unzip', ['-tq', file])
    const list = await run('unzip', ['-Z1', file])
    const names = list.stdout.split('\n').filter(Boolean)
    if (!member) return { names }
    const out = await run('unzip', ['-p', file, member], { encoding: 'buffer', maxBuffer: 64 << 20 })
    return { names, member: out.stdout }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
