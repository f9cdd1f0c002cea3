import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Person, signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { listen } from './dav-server'
import { dav, makeToken } from './helpers'

// litmus, the WebDAV server test suite, against /dav/ on a real loopback socket: the basic, copymove,
// props, locks and http suites. Every test must pass (104 of 104).

const LITMUS = ['/usr/bin/litmus'].find((p) => existsSync(p))
const why = LITMUS ? undefined : 'litmus is not installed (apt-get install litmus; .ci/run installs it)'

let t: TestApp
let owner: Person
let token: string
let server: Awaited<ReturnType<typeof listen>>

beforeAll(async () => {
  if (why) return
  t = await createTestApp()
  owner = await signedIn(t, { name: 'Lit Mus' })
  token = await makeToken(owner)
  expect((await dav(t, token)('MKCOL', 'My folders/Litmus')).status).toBe(201)
  server = await listen(t)
})
afterAll(async () => {
  await server?.close()
})

function runLitmus(suites: string): Promise<string> {
  return new Promise((resolve) => {
    execFile(
      LITMUS!,
      ['-k', `${server.origin}/dav/My%20folders/Litmus/`, 'litmus', token],
      { env: { PATH: process.env.PATH ?? '', TESTS: suites }, timeout: 270_000 },
      (_error, stdout, stderr) => resolve(`${stdout}${stderr}`),
    )
  })
}

describe.skipIf(why !== undefined)(`litmus${why ? ` (skipped: ${why})` : ''}`, () => {
  it('passes basic, copymove, props, locks and http', { timeout: 300_000 }, async () => {
    const output = await runLitmus('basic copymove props locks http')
    // "<suite>... <n>. <test>... FAIL (...)" lines, as "suite.test".
    const failures: string[] = []
    let suite = ''
    for (const line of output.split('\n')) {
      const start = /^-> running `(\w+)':/.exec(line)
      if (start) suite = start[1]!
      const fail = /\d+\.\s+([A-Za-z0-9_]+)\.*\s+FAIL/.exec(line)
      if (fail) failures.push(`${suite}.${fail[1]}`)
    }
    for (const name of ['basic', 'copymove', 'props', 'locks', 'http'])
      expect(output, output).toMatch(new RegExp(`<- summary for \`${name}'`))
    expect(failures, output).toEqual([])
    expect(output, output).not.toMatch(/\bFAIL\b/)
  })
})
