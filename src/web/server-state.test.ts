import { afterEach, describe, expect, it } from 'vitest'
import { SERVER_STATE_ID, takeServerState } from './server-state'

// The server may answer a visitor with a page it drew earlier (while its data is unchanged): the
// browser must treat the handed-over answers as fetched now, or it would ask the API again at once.

const globals = globalThis as { document?: unknown }

function pageWith(text: string | undefined) {
  let removed = false
  globals.document = {
    getElementById: (id: string) =>
      id === SERVER_STATE_ID && text !== undefined && !removed
        ? {
            textContent: text,
            remove: () => {
              removed = true
            },
          }
        : null,
  }
  return { removed: () => removed }
}

afterEach(() => {
  delete globals.document
})

describe('takeServerState', () => {
  it('reads the state once, removes its element, and dates every answer now', () => {
    const drawnAt = Date.UTC(2026, 0, 1)
    const query = (key: string) => ({
      queryKey: [key],
      queryHash: `["${key}"]`,
      state: { data: { key }, dataUpdatedAt: drawnAt, status: 'success' },
    })
    const page = pageWith(JSON.stringify({ queries: { mutations: [], queries: [query('a'), query('b')] } }))
    const now = drawnAt + 3_600_000
    const state = takeServerState(now)
    expect(page.removed()).toBe(true)
    expect(state?.queries.queries.map((q) => [q.queryHash, q.state.dataUpdatedAt, q.state.data])).toEqual([
      ['["a"]', now, { key: 'a' }],
      ['["b"]', now, { key: 'b' }],
    ])
    expect(takeServerState(now)).toBeUndefined()
  })

  it('is none for a page the browser renders alone or a state it cannot read', () => {
    pageWith(undefined)
    expect(takeServerState()).toBeUndefined()
    pageWith('{not json')
    expect(takeServerState()).toBeUndefined()
  })
})
