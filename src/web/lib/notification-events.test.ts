import { describe, expect, it } from 'vitest'
import type { Notification } from '../../shared/contract/notifications'
import { onNotification, publishNotificationData } from './notification-events'

const notification: Notification = {
  id: '0190a000-0000-7000-8000-000000000001',
  type: 'folder',
  action: 'updated',
  user_id: null,
  user_name: 'Alice',
  mainItem: 'Plans',
  subItem: 'viewer',
  forAll: false,
  folder_id: '0190a000-0000-7000-8000-000000000002',
  file_id: null,
  product_id: null,
  order_id: null,
  itemCount: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  read: false,
  sentence: {
    actor: 'Alice',
    type: 'folder',
    action: 'updated',
    item: 'Plans',
    count: 1,
    contents: 0,
    where: null,
    amount: null,
    currency: null,
    aboutViewer: false,
  },
  link: '/files/0190a000-0000-7000-8000-000000000002',
}

describe('notification events', () => {
  it('hands each listener a stream notification until it unsubscribes', () => {
    const first: Notification[] = []
    const second: Notification[] = []
    const stopFirst = onNotification((n) => first.push(n))
    const stopSecond = onNotification((n) => second.push(n))
    publishNotificationData(JSON.stringify(notification))
    stopFirst()
    publishNotificationData(JSON.stringify({ ...notification, action: 'moved' }))
    stopSecond()
    expect(first.map((n) => n.action)).toEqual(['updated'])
    expect(second.map((n) => n.action)).toEqual(['updated', 'moved'])
  })

  it('ignores data that is not a notification', () => {
    const seen: unknown[] = []
    const stop = onNotification((n) => seen.push(n))
    publishNotificationData('not json')
    publishNotificationData(JSON.stringify({ unread: 3 }))
    publishNotificationData(JSON.stringify({ ...notification, type: 'nonsense' }))
    stop()
    expect(seen).toEqual([])
  })
})
