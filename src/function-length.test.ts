import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

// Functions stay short enough to read at once: a longer one is split along the steps it already has
// (a component's parts, a factory's operations, a handler's stages; docs/decisions/0074). Migrations
// are left as they were written: they are history, never edited.

const MAX_LINES = 100
const EXEMPT = [path.join('src', 'server', 'db', 'migrations') + path.sep]

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sources(full)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
  })
}

function isFunction(node: ts.Node): node is ts.FunctionLikeDeclaration {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isArrowFunction(node) ||
    ts.isFunctionExpression(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node) ||
    ts.isConstructorDeclaration(node)
  )
}

/** `file:line name (N lines)` for every function in `file` longer than MAX_LINES. */
function longFunctions(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
  const found: string[] = []
  const visit = (node: ts.Node) => {
    if (isFunction(node)) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line
      const lines = last - first + 1
      if (lines > MAX_LINES) {
        const named = node.name ?? (ts.isVariableDeclaration(node.parent) ? node.parent.name : undefined)
        found.push(`${file}:${first + 1} ${named ? named.getText(source) : '(anonymous)'} (${lines} lines)`)
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe('function length', () => {
  it(`keeps every function in src under ${MAX_LINES} lines`, () => {
    const files = sources('src').filter((file) => !EXEMPT.some((dir) => file.startsWith(dir)))
    expect(files.length).toBeGreaterThan(500)
    expect(files.flatMap(longFunctions)).toEqual([])
  })

  it('finds a long function where there is one', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-fn-'))
    try {
      const file = path.join(dir, 'long.ts')
      const body = Array.from({ length: MAX_LINES }, (_, i) => `  const v${i} = ${i}`).join('\n')
      fs.writeFileSync(file, `export const long = () => {\n${body}\n}\n`)
      expect(longFunctions(file)).toEqual([`${file}:1 long (${MAX_LINES + 2} lines)`])
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
