import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

// String.replace reads `$&`, `$\``, `$'`, `$$` and `$1` in a replacement string as patterns: text built
// from anything a person typed (a business or product name, a description) must go in through a
// replacement function, which is taken literally. Only fixed string literals may be replacement strings.

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sources(full)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
  })
}

const LITERAL_OR_FUNCTION = new Set([
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.ArrowFunction,
  ts.SyntaxKind.FunctionExpression,
])

/** `file:line` of every replace/replaceAll call whose replacement is built, not a literal or a function. */
function builtReplacements(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
  const found: string[] = []
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ['replace', 'replaceAll'].includes(node.expression.name.text) &&
      node.arguments.length === 2 &&
      !LITERAL_OR_FUNCTION.has(node.arguments[1]!.kind)
    ) {
      found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe('replacement strings', () => {
  it('puts nothing but fixed literals into String.replace as replacement strings', () => {
    const files = sources('src')
    expect(files.length).toBeGreaterThan(500)
    expect(files.flatMap(builtReplacements)).toEqual([])
  })
})
