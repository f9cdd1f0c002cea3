import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// docs/ARCHITECTURE.md is the newcomer's first page, so it must name only what exists. Three checks:
// every path in the map's tree exists; every source folder has a line in the tree; and every
// backticked path or function name anywhere in the page resolves to a file or a declaration in the
// code. A rename that forgets the map fails here, naming the stale words.

const MAP = fs.readFileSync('docs/ARCHITECTURE.md', 'utf8')

/** Every file under a folder, relative to the repository root (node_modules and build output skipped). */
function walk(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) walk(full, out)
    else out.push(full)
  }
  return out
}

const SOURCE_ROOTS = ['src', 'test', 'e2e', 'bench', 'scripts', 'docs']
const files = SOURCE_ROOTS.flatMap((root) => walk(root))
const sourceText = files
  .filter((f) => /\.(ts|tsx|mts|mjs)$/.test(f))
  .concat('biome.json')
  .map((f) => fs.readFileSync(f, 'utf8'))
  .join('\n')

/** The fenced tree under "## The map": each entry's path from the repository root. */
function treePaths(): string[] {
  const block = MAP.split('## The map')[1]?.split('```')[1]
  if (!block) throw new Error('docs/ARCHITECTURE.md has no tree under "## The map"')
  const stack: { indent: number; dir: string }[] = []
  const paths: string[] = []
  for (const line of block.split('\n')) {
    const match = /^( *)(\S+(?:, \S+)*)/.exec(line)
    if (!match) continue
    const indent = match[1]!.length
    // Descriptions continue at the description column; entries start well left of it.
    if (indent > 20) continue
    while (stack.length > 0 && stack[stack.length - 1]!.indent >= indent) stack.pop()
    const parent = stack.length > 0 ? stack[stack.length - 1]!.dir : ''
    for (const name of match[2]!.split(', ')) {
      if (!/\/$|\.[a-z]+$|^\.ci\/run$/.test(name)) continue
      if (name.includes('<')) {
        // A placeholder (features/<domain>/) stands for its siblings: children resolve from its parent.
        stack.push({ indent, dir: `${parent}${name.slice(0, name.indexOf('<'))}` })
        continue
      }
      const full = `${parent}${name}`
      paths.push(full.replace(/\/$/, ''))
      if (name.endsWith('/')) stack.push({ indent, dir: full })
    }
  }
  return paths
}

/** Backticked spans of the whole page. */
const spans = [...MAP.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!)

function declared(name: string): boolean {
  const escaped = name.replace(/[$]/g, '\\$')
  const declaration = new RegExp(
    `(function\\*?\\s+${escaped}\\b|(const|let|class|interface|type|enum)\\s+${escaped}\\b|` +
      `^\\s*(async\\s+|static\\s+|get\\s+|#)?${escaped}\\s*[(<:=?]|\\b${escaped}\\s*:\\s*(async\\s*)?\\(|"${escaped}"\\s*:)`,
    'm',
  )
  return declaration.test(sourceText)
}

describe('docs/ARCHITECTURE.md', () => {
  it('names only paths that exist in its tree', () => {
    const paths = treePaths()
    expect(paths.length).toBeGreaterThan(100)
    expect(paths.filter((p) => !fs.existsSync(p))).toEqual([])
  })

  it('has a line for every source folder', () => {
    const listed = new Set(treePaths())
    const folders = new Set(
      files.filter((f) => f.startsWith('src/') && !f.includes('/migrations/')).map((f) => path.dirname(f)),
    )
    // A folder is covered when it, or a folder of which it is a part, is named ("features/<domain>/").
    expect([...folders].filter((dir) => !listed.has(dir)).sort()).toEqual([])
  })

  it('names only files that exist when it writes a path in backticks', () => {
    // Addresses (/api/…) are routes, not files; ../shared lies outside the repository; NNNN is a number.
    const written = spans.filter(
      (s) =>
        /^[\w./-]+\.(tsx?|mjs|md|json|css|html|svg)$/.test(s) &&
        !s.startsWith('/') &&
        !s.startsWith('../') &&
        !s.includes('NNNN'),
    )
    expect(written.length).toBeGreaterThan(20)
    const missing = written.filter(
      (p) => !files.some((f) => f === p || f.endsWith(`/${p}`)) && !fs.existsSync(p),
    )
    expect(missing).toEqual([])
  })

  it('names only functions and values that are declared in the code', () => {
    const names = new Set<string>()
    for (const span of spans) {
      // `openFolderPath()`, `useFolderListing(id, sorting)`, `Database.writesSettled`, `createApp(deps).app.fetch`
      const call = /^([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\(/.exec(span)
      const member = /^([A-Z][\w$]*)\.([a-z][\w$]*)$/.exec(span)
      const identifier = /^[a-z][a-z0-9]*[A-Z][\w$]*$/.exec(span)
      if (call) names.add(call[1]!.split('.').pop()!)
      else if (member) names.add(member[2]!)
      else if (identifier) names.add(span)
    }
    expect(names.size).toBeGreaterThan(10)
    expect([...names].filter((n) => !declared(n)).sort()).toEqual([])
  })
})
