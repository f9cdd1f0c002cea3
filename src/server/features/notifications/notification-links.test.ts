import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { NOTIFICATION_ACTIONS, NOTIFICATION_TYPES, type StaffFunction } from '../../../shared/enums'
import { NOTIFICATION_LINKS, presentNotification } from './notifications.presenter'
import type { NotificationRow, Recipient } from './notifications.repository'

// Every link a notification can carry must open a page of the web app, not its "Page not found".
// The web app's route table is the authority: its `path` patterns are read from the source
// (route-table.tsx and the pages in web/routes/; the web app may not be imported from server code)
// and each link's path is matched against them.

const WEB = new URL('../../../web/', import.meta.url)

/** route-table.tsx and the pages it spreads in from routes/. */
function routeSources(): string {
  const parts = readdirSync(new URL('routes/', WEB)).map((name) => new URL(`routes/${name}`, WEB))
  return [new URL('route-table.tsx', WEB), ...parts].map((file) => readFileSync(file, 'utf8')).join('\n')
}

function routePatterns(): RegExp[] {
  const source = routeSources()
  const paths = [...source.matchAll(/\bpath:\s*'([^']*)'/g)].map((m) => m[1] ?? '')
  const patterns = paths
    .filter((p) => p !== '*')
    .map((p) => {
      const segments = p.split('/').map((s) => (s.startsWith(':') ? '[^/]+' : s.replace(/[.]/g, '\\.')))
      return new RegExp(`^/${segments.join('/')}$`)
    })
  // The index route (`index: true`) is the home page.
  return [/^\/$/, ...patterns]
}

const patterns = routePatterns()
const resolves = (link: string) => {
  const path = new URL(link, 'http://depot.test').pathname
  return patterns.some((p) => p.test(path))
}

const ID = '0190f5c8-aaaa-7bbb-8ccc-000000000001'
const OTHER = '0190f5c8-aaaa-7bbb-8ccc-000000000002'

function recipient(role: Recipient['role'], staffFunctions: StaffFunction[] = []): Recipient {
  return {
    id: ID,
    name: 'Ada',
    role,
    staffFunctions,
    createdAt: '2026-01-01T00:00:00.000Z',
    isRestricted: false,
    since: {},
  }
}

function row(over: Partial<NotificationRow>): NotificationRow {
  return {
    id: OTHER,
    type: 'file',
    action: 'uploaded',
    user_id: OTHER,
    user_name: 'Ben',
    mainItem: 'x',
    subItem: 'y',
    forAll: true,
    for_users: '[]',
    folder_id: OTHER,
    file_id: OTHER,
    product_id: OTHER,
    order_id: OTHER,
    itemCount: 1,
    contentCount: 0,
    amount: null,
    currency: null,
    createdAt: '2026-01-02T00:00:00.000Z',
    updatedAt: '2026-01-02T00:00:00.000Z',
    isRead: 0,
    ...over,
  }
}

describe('notification links', () => {
  it('finds the route table’s patterns', () => {
    // A guard against a parser that silently finds nothing.
    expect(patterns.length).toBeGreaterThan(20)
    expect(resolves('/account/orders/abc')).toBe(true)
    expect(resolves('/orders/abc')).toBe(false)
  })

  it('every link builder leads to a page of the web app', () => {
    const built = [
      NOTIFICATION_LINKS.folder(ID),
      NOTIFICATION_LINKS.file(ID, OTHER),
      NOTIFICATION_LINKS.product(ID),
      NOTIFICATION_LINKS.ownOrder(ID),
      NOTIFICATION_LINKS.staffOrder(ID),
      NOTIFICATION_LINKS.quotes(),
      NOTIFICATION_LINKS.feedback(),
      NOTIFICATION_LINKS.assignedQuotes(),
      NOTIFICATION_LINKS.assignedContacts(),
      NOTIFICATION_LINKS.ownAccount(),
      NOTIFICATION_LINKS.adminUser(ID),
    ]
    expect(built.length).toBe(Object.keys(NOTIFICATION_LINKS).length)
    for (const link of built) expect({ link, resolves: resolves(link) }).toEqual({ link, resolves: true })
  })

  it('every notification, for every kind of reader, links to a page or to nothing', () => {
    const readers = [
      recipient('user'),
      recipient('staff'),
      recipient('staff', ['AccessShop', 'UploadProducts', 'ManageFeedback', 'ManageFolders']),
      recipient('admin'),
    ]
    const seen = new Set<string>()
    for (const type of NOTIFICATION_TYPES) {
      for (const action of NOTIFICATION_ACTIONS) {
        for (const reader of readers) {
          for (const forUsers of ['[]', JSON.stringify([ID]), JSON.stringify([OTHER])]) {
            for (const itemCount of [1, 3]) {
              const { link } = presentNotification(
                row({ type, action, for_users: forUsers, itemCount, forAll: forUsers === '[]' }),
                reader,
              )
              if (link === null) continue
              seen.add(link)
              expect({ type, action, link, resolves: resolves(link) }).toMatchObject({ resolves: true })
            }
          }
        }
      }
    }
    // Orders lead buyers to their own order page and shop staff to the staff one.
    expect(seen).toContain(`/account/orders/${OTHER}`)
    expect(seen).toContain(`/staff/orders/${OTHER}`)
    expect(seen).toContain('/profile')
  })
})
