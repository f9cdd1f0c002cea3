import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { staleParts } from './build-freshness.mjs'

// npm start rebuilds only what is missing or older than its sources.
let root: string
afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

function write(file: string, at: number) {
  const full = path.join(root, file)
  fs.mkdirSync(path.dirname(full), { recursive: true })
  fs.writeFileSync(full, file)
  fs.utimesSync(full, at, at)
  // The folders' own times move when files are added; keep them in the past.
  for (let dir = path.dirname(full); dir.startsWith(root) && dir !== root; dir = path.dirname(dir))
    fs.utimesSync(dir, 1, 1)
}

describe('staleParts', () => {
  it('builds everything when nothing is built, nothing on a fresh build, and only what changed', () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-start-'))
    const sources = ['src/web/main.tsx', 'src/shared/enums.ts', 'src/server/main.ts', 'package.json']
    for (const file of sources) write(file, 1_000)
    expect(staleParts(root)).toEqual(['web', 'server'])

    write('dist/web/index.html', 2_000)
    write('dist/server/main.js', 2_000)
    expect(staleParts(root)).toEqual([])

    write('src/server/main.ts', 3_000)
    expect(staleParts(root)).toEqual(['server'])
    write('dist/server/main.js', 4_000)
    write('src/web/main.tsx', 5_000)
    expect(staleParts(root)).toEqual(['web'])
    write('dist/web/index.html', 6_000)
    write('src/shared/enums.ts', 7_000)
    expect(staleParts(root)).toEqual(['web', 'server'])
  })
})
