import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

// How the HTTP suite talks JSON to the API: through the typed client (`call` in
// test/support/typed-client.ts, checked against the contract at compile time) or by hand. Counted from
// the syntax of test/**/*.ts, so the figure is the same for anyone who runs `npx tsx scripts/json-calls.ts`.
//
// A JSON call is one call expression that sends a request to the JSON API, in one of these forms:
// - typed: `call(who, METHOD, path, body?, status?)`, the typed client. A deliberately invalid body goes
//   through it too: when the call expects an error status the body is `unknown` (its declared escape hatch).
// - untyped:
//   - `x.json(path, …)`: the cookie client's JSON request (a Response's `.json()` takes no argument);
//   - `t.request('/api/…', …)` (a receiver named `t` or ending in `.t`, a literal path): the test app's
//     request, which always asks for JSON and sends its body as JSON (with a computed path it mostly
//     fetches bytes: a cover, a download);
//   - any other `x.request(…)` or `fetch(…)` whose arguments hold `JSON.stringify(` or `application/json`:
//     a JSON request built by hand.
// Requests whose path is a literal outside `/api/`, or under `/api/auth/` (Auth.js's own endpoints, which
// the contract does not describe), are not JSON calls. The client implementations in test/support are
// not counted.

export interface FileCalls {
  file: string
  typed: number
  untyped: number
}

const IMPLEMENTATIONS = new Set([
  'test/support/http-client.ts',
  'test/support/typed-client.ts',
  'test/support/test-app.ts',
])

function testFiles(root: string, dir = 'test', out: string[] = []): string[] {
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const relative = `${dir}/${entry.name}`
    if (entry.isDirectory()) testFiles(root, relative, out)
    else if (/\.tsx?$/.test(entry.name) && !IMPLEMENTATIONS.has(relative)) out.push(relative)
  }
  return out
}

/** The literal text a path argument starts with (a string, or a template's head), or null when computed. */
function literalStart(node: ts.Expression | undefined): string | null {
  if (!node) return null
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text
  if (ts.isTemplateExpression(node)) return node.head.text
  return null
}

function isApiPath(node: ts.Expression | undefined): boolean {
  const start = literalStart(node)
  if (start === null) return true
  return start.startsWith('/api/') && !start.startsWith('/api/auth/')
}

function isTestApp(receiver: ts.Expression): boolean {
  if (ts.isIdentifier(receiver)) return receiver.text === 't'
  return ts.isPropertyAccessExpression(receiver) && receiver.name.text === 't'
}

type Kind = 'typed' | 'untyped' | null

function kindOf(node: ts.CallExpression, source: ts.SourceFile): Kind {
  const callee = node.expression
  const [first] = node.arguments
  if (ts.isIdentifier(callee) && callee.text === 'call' && node.arguments.length >= 3)
    return isApiPath(node.arguments[2]) ? 'typed' : null
  const handBuilt = () =>
    node.arguments.some((a) => /JSON\.stringify\(|application\/json/.test(a.getText(source)))
  if (ts.isIdentifier(callee) && callee.text === 'fetch') return handBuilt() ? 'untyped' : null
  if (!ts.isPropertyAccessExpression(callee) || !isApiPath(first)) return null
  const method = callee.name.text
  if (method === 'json' && node.arguments.length >= 1) return 'untyped'
  const testApp = isTestApp(callee.expression) && literalStart(first) !== null
  if (method === 'request' && (testApp || handBuilt())) return 'untyped'
  return null
}

/** The JSON calls of one file's source text. */
export function countCalls(file: string, text: string): FileCalls {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)
  const counts: FileCalls = { file, typed: 0, untyped: 0 }
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const kind = kindOf(node, source)
      if (kind) counts[kind]++
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return counts
}

/** Every test file's JSON calls, under `root` (the repository). */
export function jsonCalls(root: string): FileCalls[] {
  return testFiles(root).map((file) => countCalls(file, fs.readFileSync(path.join(root, file), 'utf8')))
}

/** The share of JSON calls made through the typed client, from 0 to 1. */
export function typedShare(calls: readonly FileCalls[]): number {
  const typed = calls.reduce((sum, c) => sum + c.typed, 0)
  const untyped = calls.reduce((sum, c) => sum + c.untyped, 0)
  return typed + untyped === 0 ? 1 : typed / (typed + untyped)
}

if (process.argv[1] && import.meta.url === `file://${path.resolve(process.argv[1])}`) {
  const calls = jsonCalls(process.cwd())
  const typed = calls.reduce((sum, c) => sum + c.typed, 0)
  const untyped = calls.reduce((sum, c) => sum + c.untyped, 0)
  for (const c of calls.filter((c) => c.untyped > 0).sort((a, b) => b.untyped - a.untyped))
    console.info(`${String(c.untyped).padStart(4)} untyped  ${String(c.typed).padStart(4)} typed  ${c.file}`)
  console.info(
    `${typed} of ${typed + untyped} JSON calls through the typed client: ${(typedShare(calls) * 100).toFixed(1)} %`,
  )
}
