import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// No grab bags: a folder of src/ holds at most MAX_FILES files (tests included), so a room is split by
// topic before a newcomer has to scan a long list to find one. Folders under it count on their own.
const MAX_FILES = 25

/** Folders still over the limit, each with why; a folder leaves the list once it is split. */
const EXCEPTIONS: Record<string, string> = {}

function folderSizes(dir: string, out = new Map<string, number>()): Map<string, number> {
  const entries = fs.readdirSync(dir, { withFileTypes: true })
  out.set(dir.split(path.sep).join('/'), entries.filter((e) => e.isFile()).length)
  for (const entry of entries) if (entry.isDirectory()) folderSizes(path.join(dir, entry.name), out)
  return out
}

describe('source folders', () => {
  it(`hold at most ${MAX_FILES} files each (beyond the listed exceptions)`, () => {
    const sizes = folderSizes('src')
    expect(sizes.size).toBeGreaterThan(50)
    const over = [...sizes].filter(([, n]) => n > MAX_FILES).map(([dir, n]) => `${dir} (${n})`)
    expect(over.filter((entry) => !(entry.replace(/ \(\d+\)$/, '') in EXCEPTIONS))).toEqual([])
  })

  it('list as exceptions only folders that are still over the limit', () => {
    const sizes = folderSizes('src')
    expect(Object.keys(EXCEPTIONS).filter((dir) => (sizes.get(dir) ?? 0) <= MAX_FILES)).toEqual([])
  })
})
