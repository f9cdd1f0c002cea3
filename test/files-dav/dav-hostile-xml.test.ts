import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { listen } from './dav-server'
import { basic, dav, makeToken } from './helpers'

// Hostile XML bodies sent to /dav/ on a real loopback socket (docs/decisions/0115): each is refused
// with 400 at once, and the server keeps answering /healthz promptly while the body is read, since
// the reader stops at the first limit it passes instead of building the document.

let t: TestApp
let server: Awaited<ReturnType<typeof listen>>
let auth: string
let writerAuth: string
/** The slowest /healthz answer beside ordinary requests on this machine (beforeAll). */
let baseline = 0

beforeAll(async () => {
  t = await createTestApp()
  const person = await signedIn(t, { name: 'Hal Hostile' })
  const token = await makeToken(person, 'read-only')
  auth = basic(token)
  const writerToken = await makeToken(person)
  writerAuth = basic(writerToken)
  const writer = dav(t, writerToken)
  expect((await writer('MKCOL', 'My folders/Target')).status).toBe(201)
  server = await listen(t)
  // How slow /healthz gets on this machine, now, beside ordinary PROPFINDs: a loaded machine answers
  // everything late, and the bound below must tell that apart from a reader that blocks the server.
  const probe = probeHealth()
  for (let i = 0; i < 5; i++) {
    const res = await fetch(`${server.origin}/dav/My%20folders/Target/`, {
      method: 'PROPFIND',
      headers: { Authorization: auth, Depth: '0', 'Content-Type': 'application/xml' },
      body: '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:allprop/></D:propfind>',
    })
    await res.arrayBuffer()
  }
  baseline = await probe.stop()
})
afterAll(async () => {
  await server?.close()
})

/** A probe of /healthz every few milliseconds until `stop`; the slowest answer it saw. */
function probeHealth(): { stop(): Promise<number> } {
  let running = true
  let slowest = 0
  const loop = (async () => {
    while (running) {
      const started = performance.now()
      const res = await fetch(`${server.origin}/healthz`)
      await res.arrayBuffer()
      slowest = Math.max(slowest, performance.now() - started)
    }
  })()
  return {
    async stop() {
      running = false
      await loop
      return slowest
    },
  }
}

async function sendHostile(
  method: string,
  body: string,
  as = auth,
): Promise<{ status: number; text: string }> {
  const probe = probeHealth()
  const res = await fetch(`${server.origin}/dav/My%20folders/Target/`, {
    method,
    headers: { Authorization: as, Depth: '0', 'Content-Type': 'application/xml' },
    body,
  })
  const text = await res.text()
  const slowest = await probe.stop()
  // A generous bound, scaled to how loaded the machine is: the unbounded reader blocked every request
  // for seconds, far past either.
  expect(slowest).toBeLessThan(Math.max(250, 3 * baseline))
  return { status: res.status, text }
}

const declarations = (n: number) => Array.from({ length: n }, (_, i) => `xmlns:n${i}="urn:x:${i}"`).join(' ')

describe('hostile XML on /dav/', () => {
  it('a PROPFIND fanning out thousands of namespace declarations answers 400 at once', async () => {
    const props = Array.from({ length: 4000 }, (_, i) => `<D:p${i}/>`).join('')
    const body = `<?xml version="1.0"?><D:propfind xmlns:D="DAV:" ${declarations(4000)}><D:prop>${props}</D:prop></D:propfind>`
    expect(body.length).toBeGreaterThan(99_000)
    const started = performance.now()
    const res = await sendHostile('PROPFIND', body)
    expect(res.status, res.text).toBe(400)
    expect(JSON.parse(res.text)).toMatchObject({
      code: 'bad_xml',
      detail: expect.stringMatching(/too many/),
    })
    expect(performance.now() - started).toBeLessThan(2000)
  })

  it('a 60,000-deep PROPPATCH answers 400, not 500', async () => {
    const depth = 60_000
    const body = `<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:"><D:set><D:prop>${'<x>'.repeat(depth)}${'</x>'.repeat(depth)}</D:prop></D:set></D:propertyupdate>`
    const res = await sendHostile('PROPPATCH', body, writerAuth)
    expect(res.status, res.text).toBe(400)
    expect(JSON.parse(res.text).detail).toBe('The XML body is nested too deeply.')
  })

  it('a 60,000-deep PROPFIND answers 400 (nested too deeply)', async () => {
    const depth = 60_000
    const body = `<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop>${'<x>'.repeat(depth)}${'</x>'.repeat(depth)}</D:prop></D:propfind>`
    const res = await sendHostile('PROPFIND', body)
    expect(res.status, res.text).toBe(400)
    expect(JSON.parse(res.text).detail).toBe('The XML body is nested too deeply.')
  })

  it('an entity bomb behind a DOCTYPE answers 400 without expanding anything', async () => {
    const entities = ['<!ENTITY l0 "lol">']
    for (let i = 1; i <= 9; i++) entities.push(`<!ENTITY l${i} "${`&l${i - 1};`.repeat(10)}">`)
    const body = `<?xml version="1.0"?><!DOCTYPE D:propfind [${entities.join('')}]><D:propfind xmlns:D="DAV:"><D:prop><D:displayname>&l9;</D:displayname></D:prop></D:propfind>`
    const res = await sendHostile('PROPFIND', body)
    expect(res.status, res.text).toBe(400)
    expect(JSON.parse(res.text).detail).toBe('Document type declarations are not accepted.')
  })
})
