import { describe, expect, it } from 'vitest'
import type { NotificationSentence } from './contract/notifications'
import { NOTIFICATION_ACTIONS, NOTIFICATION_TYPES } from './enums'
import { formatNotificationSentence } from './notification-sentence'

const s = (over: Partial<NotificationSentence>): NotificationSentence => ({
  actor: 'Ada Lovelace',
  type: 'file',
  action: 'uploaded',
  item: 'report.pdf',
  count: 1,
  contents: 0,
  where: 'Reports',
  amount: null,
  currency: null,
  aboutViewer: false,
  ...over,
})

const cases: [string, Partial<NotificationSentence>, string][] = [
  ['one upload', {}, 'Ada Lovelace uploaded report.pdf to Reports'],
  ['a grouped burst', { count: 12 }, 'Ada Lovelace uploaded 12 files to Reports'],
  [
    'a file renamed',
    { action: 'renamed', item: 'notes.txt', where: 'meeting-notes.txt' },
    'Ada Lovelace renamed file meeting-notes.txt to notes.txt',
  ],
  [
    'a folder renamed',
    { type: 'folder', action: 'renamed', item: 'Q4', where: 'Q3' },
    'Ada Lovelace renamed folder Q3 to Q4',
  ],
  ['a file trashed', { action: 'trashed' }, 'Ada Lovelace trashed file report.pdf from Reports'],
  [
    'a folder trashed with what it held',
    { type: 'folder', action: 'trashed', item: 'Reports', where: 'Docs', contents: 124 },
    'Ada Lovelace trashed folder Reports from Docs, 124 items',
  ],
  [
    'a top-level folder trashed',
    { type: 'folder', action: 'trashed', item: 'Reports', where: null, contents: 124 },
    'Ada Lovelace trashed folder Reports, 124 items',
  ],
  [
    'an empty folder trashed',
    { type: 'folder', action: 'trashed', item: 'Reports', where: 'Docs', contents: 0 },
    'Ada Lovelace trashed folder Reports from Docs',
  ],
  [
    'a folder of one item restored',
    { type: 'folder', action: 'restored', item: 'Reports', where: 'Docs', contents: 1 },
    'Ada Lovelace restored folder Reports to Docs, 1 item',
  ],
  [
    'several items trashed at once',
    { action: 'trashed', item: '3 items', count: 3, contents: 0 },
    'Ada Lovelace trashed 3 files from Reports',
  ],
  [
    'my order refunded',
    {
      actor: 'Paystack',
      type: 'order',
      action: 'updated',
      item: 'Brand Kit',
      where: 'partly refunded',
      amount: 150050,
      currency: 'NGN',
      aboutViewer: true,
    },
    'Your order Brand Kit was refunded ₦1,500.50',
  ],
  [
    'my refund failed',
    {
      actor: 'Paystack',
      type: 'order',
      action: 'updated',
      item: 'Brand Kit',
      where: 'refund failed',
      amount: 150050,
      currency: 'NGN',
      aboutViewer: true,
    },
    'The refund of ₦1,500.50 for your order Brand Kit failed',
  ],
  [
    'a new file for my order',
    {
      actor: 'Ada Lovelace',
      type: 'order',
      action: 'updated',
      item: 'Brand Kit',
      where: 'new version of Brand Kit',
      aboutViewer: true,
    },
    'Your order Brand Kit has a new version of Brand Kit',
  ],
  [
    'a refund, for shop staff',
    {
      actor: 'Paystack',
      type: 'order',
      action: 'updated',
      item: 'Brand Kit',
      where: 'refunded',
      amount: 150050,
      currency: 'NGN',
    },
    'Paystack refunded ₦1,500.50 of order Brand Kit',
  ],
  [
    'a folder created',
    { type: 'folder', action: 'created', item: 'Q3' },
    'Ada Lovelace created folder Q3 in Reports',
  ],
  [
    'folders moved',
    { type: 'folder', action: 'moved', item: 'Q3', count: 3 },
    'Ada Lovelace moved 3 folders to Reports',
  ],
  [
    'a folder shared with me',
    { type: 'folder', action: 'updated', item: 'Plans', where: 'editor', aboutViewer: true },
    'Ada Lovelace shared folder Plans with you as editor',
  ],
  [
    'a top-level folder',
    { type: 'folder', action: 'created', item: 'Q3', where: null },
    'Ada Lovelace created folder Q3',
  ],
  [
    'a product published',
    { type: 'product', action: 'created', item: 'Brand Kit', where: null },
    'Ada Lovelace published Brand Kit',
  ],
  [
    'a product updated',
    { type: 'product', action: 'updated', item: 'Brand Kit' },
    'Ada Lovelace updated product Brand Kit',
  ],
  [
    'an order',
    { type: 'order', action: 'ordered', item: 'Brand Kit and 2 more', where: null },
    'Ada Lovelace placed order Brand Kit and 2 more',
  ],
  [
    'a quote',
    { type: 'quote', action: 'created', item: 'Logo design' },
    'Ada Lovelace asked for a quote: Logo design',
  ],
  [
    'a message resolved',
    { type: 'feedback', action: 'resolved', item: 'Ben' },
    'Ada Lovelace resolved the message from Ben',
  ],
  [
    'a message reopened',
    { type: 'feedback', action: 'updated', item: 'Ben' },
    'Ada Lovelace reopened the message from Ben',
  ],
  [
    'a quote reopened',
    { type: 'quote', action: 'updated', item: 'Cy Dee' },
    'Ada Lovelace reopened the quote request from Cy Dee',
  ],
  [
    'my staff functions',
    { type: 'staffFunction', action: 'updated', item: 'AccessShop', where: 'Ben Bit', aboutViewer: true },
    'Ada Lovelace changed your staff functions to AccessShop',
  ],
  [
    'someone’s staff functions',
    { type: 'staffFunction', action: 'updated', item: 'AccessShop', where: 'Ben Bit' },
    'Ada Lovelace changed Ben Bit’s staff functions to AccessShop',
  ],
  [
    'an unnamed thing',
    { type: 'folder', action: 'deleted', item: null, where: null },
    'Ada Lovelace deleted a folder',
  ],
  ['no actor name', { actor: '' }, 'Someone uploaded report.pdf to Reports'],
]

describe('formatNotificationSentence', () => {
  it.each(cases)('%s', (_label, over, expected) => {
    expect(formatNotificationSentence(s(over)).text).toBe(expected)
  })

  it('marks names for emphasis and merges plain words', () => {
    expect(formatNotificationSentence(s({ count: 12 })).parts).toEqual([
      { text: 'Ada Lovelace', emphasis: true },
      { text: ' uploaded 12 files to ' },
      { text: 'Reports', emphasis: true },
    ])
  })

  it('words every type and action of the specification as a sentence', () => {
    for (const type of NOTIFICATION_TYPES) {
      for (const action of NOTIFICATION_ACTIONS) {
        const { text } = formatNotificationSentence(s({ type, action }))
        expect(text.startsWith('Ada Lovelace ')).toBe(true)
        expect(text).not.toMatch(/undefined|null|\s{2}/)
      }
    }
  })
})
