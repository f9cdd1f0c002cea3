import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { InboundReader } from '../../src/server/features/inbox/inbound/mailbox-reader'
import { inboxApp } from '../inbox/helpers'
import { type Dovecot, startDovecot } from '../support/dovecot'
import { type Person, signedIn } from '../support/people'
import type { TestApp } from '../support/test-app'
import { call } from '../support/typed-client'
import { inboundEnv, insertQuote, mid, startReader, stored } from './helpers'
import * as shapes from './mail-shapes'

// Customers answer staff replies from their mail clients, and the answers land in the thread: a real
// dovecot holds the mailbox, messages arrive by IMAP APPEND in the shapes Gmail, Outlook and Apple
// Mail write, and the reader (IDLE) threads them, folds the quotes, sanitizes HTML, keeps
// attachments, ignores auto-replies and bounces, and holds what it cannot trust or read whole.

let dovecot: Dovecot
let t: TestApp
let reader: InboundReader
let tess: Person
let ivy: Person

beforeAll(async () => {
  dovecot = await startDovecot()
  t = await inboxApp(inboundEnv(dovecot.url()))
  tess = await signedIn(t, { role: 'staff', functions: ['ManageFeedback'], first_name: 'Tess' })
  ivy = await signedIn(t, { role: 'staff', functions: ['ManageFeedback'], first_name: 'Ivy' })
  reader = startReader(t, 'instance-a')
}, 30_000)

afterAll(async () => {
  await reader?.stop()
  await dovecot?.stop()
})

interface ThreadItem {
  kind: string
  body: string
  quoted?: string | null
  html?: string | null
  viaEmail?: boolean
  attachments?: { id: string; filename: string; mimetype: string; size: number }[]
}

async function thread(id: string): Promise<ThreadItem[]> {
  const res = await call(tess.client, 'GET', `/api/inbox/quotes/${id}/messages`, undefined, 200)
  return (res as { items: ThreadItem[] }).items
}

/** A quote request with one staff reply: its Reply-To address and the reply's Message-ID. */
async function answered() {
  const quote = await insertQuote(t)
  await call(tess.client, 'POST', `/api/inbox/quotes/${quote.id}/replies`, { body: 'Hello Ada' }, 201)
  const mail = await t.database.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', quote.email)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow()
  return { quote, replyTo: mail.reply_to!, messageId: `<${mail.id}@biz.example>`, mail }
}

const count = (status: false | { messages?: number }) => (status ? (status.messages ?? 0) : -1)

const customer = (quote: { email: string; first_name: string }) => `${quote.first_name} <${quote.email}>`

describe('replies going out', () => {
  it('name the conversation in Reply-To with an unguessable token, and thread the second reply', async () => {
    const { quote, replyTo, messageId } = await answered()
    expect(replyTo).toMatch(/^inbox\+[a-z2-7]{20}@biz\.example$/)
    await call(tess.client, 'POST', `/api/inbox/quotes/${quote.id}/replies`, { body: 'And one more' }, 201)
    const second = await t.database.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', quote.email)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    const headers = JSON.parse(second.headers) as Record<string, string>
    expect(headers['In-Reply-To']).toBe(messageId)
    expect(headers.References).toContain(messageId)
    expect(second.reply_to).toBe(replyTo)
  })
})

describe('answers coming in', () => {
  it('joins a Gmail answer to its thread by the plus-token, with the quoted history folded away', async () => {
    const { quote, replyTo, messageId } = await answered()
    const id = mid('gmail')
    await dovecot.append(
      shapes.gmailReply(
        { from: customer(quote), to: replyTo, messageId: id, inReplyTo: messageId },
        'Sounds good, go ahead.',
      ),
    )
    expect((await stored(t, id)).outcome).toBe('threaded')
    const items = await thread(quote.id)
    const answer = items.find((m) => m.kind === 'customer')!
    expect(answer.body).toBe('Sounds good, go ahead.')
    expect(answer.viaEmail).toBe(true)
    // Its HTML shows the new words only: the gmail_quote history is folded away.
    expect(answer.html).toContain('Sounds good, go ahead.')
    expect(answer.html).not.toContain('Three engines')
    expect(answer.quoted).toContain('wrote:')
    expect(answer.quoted).toContain('> Hello Ada,')
  })

  it('joins an Outlook answer by References alone, folding the "From: … Sent:" history', async () => {
    const { quote, messageId } = await answered()
    const id = mid('outlook')
    await dovecot.append(
      shapes.outlookReply(
        { from: customer(quote), to: 'inbox@biz.example', messageId: id, references: messageId },
        'Can we do two instead?',
      ),
    )
    expect((await stored(t, id)).outcome).toBe('threaded')
    const answer = (await thread(quote.id)).find((m) => m.kind === 'customer')!
    expect(answer.body).toBe('Can we do two instead?')
    expect(answer.quoted).toMatch(/^_+\nFrom: Biz Support/)
  })

  it('folds the quoted history inside HTML mail, where Gmail, Apple Mail and Outlook mark it', async () => {
    for (const client of ['gmail', 'apple', 'outlook'] as const) {
      const { quote, replyTo, messageId } = await answered()
      const id = mid(`html-${client}`)
      const words = `Yes please, from ${client}.`
      await dovecot.append(
        shapes.htmlReply(
          { from: customer(quote), to: replyTo, messageId: id, inReplyTo: messageId },
          client,
          words,
        ),
      )
      expect((await stored(t, id)).outcome).toBe('threaded')
      const answer = (await thread(quote.id)).find((m) => m.kind === 'customer')!
      expect(answer.body, client).toBe(words)
      expect(answer.html, client).toContain(words)
      expect(answer.html, client).not.toContain('Three engines')
      expect(answer.html, client).not.toContain('wrote:')
      expect(answer.quoted, client).toContain('Three engines come to 1,500,000.')
    }
  })

  it('reads an Apple Mail answer in ISO-8859-1', async () => {
    const { quote, replyTo } = await answered()
    const id = mid('apple')
    await dovecot.append(
      shapes.appleLatin1Reply(
        { from: customer(quote), to: replyTo, messageId: id },
        'Merci, le caf=E9 cr=E8me est parfait.',
      ),
    )
    await stored(t, id)
    const answer = (await thread(quote.id)).find((m) => m.kind === 'customer')!
    expect(answer.body).toBe('Merci, le café crème est parfait.')
    expect(answer.quoted).toContain('wrote:')
  })

  it('keeps HTML-only mail sanitized: no script, no remote image loaded', async () => {
    const { quote, replyTo } = await answered()
    const id = mid('html')
    await dovecot.append(
      shapes.htmlOnly({ from: customer(quote), to: replyTo, messageId: id }, 'Only HTML here.'),
    )
    await stored(t, id)
    const answer = (await thread(quote.id)).find((m) => m.kind === 'customer')!
    expect(answer.body).toMatch(/^Only HTML here\./)
    expect(answer.body).not.toMatch(/tracker|alert|color/)
    expect(answer.html).toContain('Only HTML here.')
    expect(answer.html).not.toMatch(/script|onclick|javascript:|<style|\ssrc=/i)
    expect(answer.html).toContain('data-remote-src="https://tracker.example/pixel.gif"')
  })

  it('keeps an attachment for staff to download, and refuses a program', async () => {
    const { quote, replyTo } = await answered()
    const id = mid('attach')
    await dovecot.append(
      shapes.withAttachments({ from: customer(quote), to: replyTo, messageId: id }, 'Drawing attached.'),
    )
    await stored(t, id)
    const answer = (await thread(quote.id)).find((m) => m.kind === 'customer')!
    expect(answer.attachments).toEqual([
      expect.objectContaining({ filename: 'drawing.pdf', mimetype: 'application/pdf' }),
    ])
    expect(answer.body).toContain('Attachment not kept: setup.exe')
    const attachment = answer.attachments![0]!
    const download = await tess.client.request(`/api/inbox/quotes/${quote.id}/attachments/${attachment.id}`)
    expect(download.status).toBe(200)
    expect(download.headers.get('content-disposition')).toContain('attachment')
    expect(await download.text()).toContain('%PDF-1.4')
    const customerClient = (await signedIn(t)).client
    const refused = await customerClient.request(`/api/inbox/quotes/${quote.id}/attachments/${attachment.id}`)
    expect(refused.status).toBe(403)
  })

  it('reopens a resolved entry and tells its assignee', async () => {
    const { quote, replyTo } = await answered()
    await t.database.db
      .updateTable('quote_requests')
      .set({ status: 'resolved', resolvedAt: t.clock.now.toISOString(), assignedTo: ivy.id })
      .where('id', '=', quote.id)
      .execute()
    const id = mid('reopen')
    await dovecot.append(
      shapes.fresh({ from: customer(quote), to: replyTo, messageId: id }, 'One more question.'),
    )
    await stored(t, id)
    const row = await t.database.db
      .selectFrom('quote_requests')
      .selectAll()
      .where('id', '=', quote.id)
      .executeTakeFirstOrThrow()
    expect(row.status).toBe('pending')
    expect(row.resolvedAt).toBeNull()
    const res = await call(ivy.client, 'GET', '/api/notifications', undefined, 200)
    const items = (res as { items: { type: string; action: string }[] }).items
    expect(items.some((n) => n.type === 'quote' && n.action === 'updated')).toBe(true)
  })

  it('holds an answer from someone else as a new flagged entry, never in the thread', async () => {
    const { quote, replyTo } = await answered()
    const id = mid('stranger')
    await dovecot.append(
      shapes.fresh({ from: 'Mallory <mallory@evil.example>', to: replyTo, messageId: id }, 'Let me in.'),
    )
    const ledger = await stored(t, id)
    expect(ledger).toMatchObject({ outcome: 'held', reason: 'unknown_sender' })
    expect((await thread(quote.id)).some((m) => m.kind === 'customer')).toBe(false)
    const contact = await t.database.db
      .selectFrom('contacts')
      .selectAll()
      .where('id', '=', ledger.contact_id!)
      .executeTakeFirstOrThrow()
    expect(contact).toMatchObject({ email: 'mallory@evil.example', flag: 'unknown_sender' })
    // Held mail is not mailed on to the staff: they see it in the inbox.
    const alerts = await t.database.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('reply_to', '=', 'mallory@evil.example')
      .execute()
    expect(alerts).toEqual([])
    // Staff see why it is held.
    const detail = await call(tess.client, 'GET', `/api/inbox/contacts/${contact.id}`, undefined, 200)
    expect(detail).toMatchObject({ flag: 'unknown_sender' })
  })

  it('makes a message that names no conversation a new contact message', async () => {
    const id = mid('fresh')
    await dovecot.append(
      shapes.fresh(
        {
          from: 'Grace Hopper <grace@example.com>',
          to: 'inbox@biz.example',
          messageId: id,
          subject: 'Opening hours',
        },
        'Are you open on Saturday?',
      ),
    )
    const ledger = await stored(t, id)
    expect(ledger.outcome).toBe('new_entry')
    const contact = await t.database.db
      .selectFrom('contacts')
      .selectAll()
      .where('id', '=', ledger.contact_id!)
      .executeTakeFirstOrThrow()
    expect(contact).toMatchObject({
      first_name: 'Grace',
      last_name: 'Hopper',
      subject: 'Opening hours',
      status: 'pending',
      flag: null,
    })
    expect(contact.message).toContain('Are you open on Saturday?')
    // The inbox staff are alerted by e-mail as for the contact form, with Reply-To the sender.
    const alerts = await t.database.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'reply_to', 'subject'])
      .where('subject', '=', 'New message from Grace Hopper: Opening hours')
      .execute()
    expect(alerts.map((a) => a.to_address).sort()).toEqual([tess.email, ivy.email].sort())
    expect(alerts.every((a) => a.reply_to === 'grace@example.com')).toBe(true)
  })
})

describe('what is ignored or held', () => {
  it('ignores an auto-reply and a bounce: nothing reopens, nothing is mailed', async () => {
    const { quote, replyTo } = await answered()
    await t.database.db
      .updateTable('quote_requests')
      .set({ status: 'resolved' })
      .where('id', '=', quote.id)
      .execute()
    const outboxBefore = await t.database.db.selectFrom('mail_outbox').select('id').execute()
    const auto = mid('ooo')
    const dsn = mid('dsn')
    await dovecot.append(shapes.autoReply({ from: customer(quote), to: replyTo, messageId: auto }))
    await dovecot.append(
      shapes.bounce({
        from: 'Mail Delivery Subsystem <mailer-daemon@example.com>',
        to: replyTo,
        messageId: dsn,
      }),
    )
    expect(await stored(t, auto)).toMatchObject({ outcome: 'ignored', reason: 'auto-reply' })
    expect(await stored(t, dsn)).toMatchObject({ outcome: 'ignored', reason: 'bounce' })
    const row = await t.database.db
      .selectFrom('quote_requests')
      .select('status')
      .where('id', '=', quote.id)
      .executeTakeFirstOrThrow()
    expect(row.status).toBe('resolved')
    expect(await t.database.db.selectFrom('mail_outbox').select('id').execute()).toHaveLength(
      outboxBefore.length,
    )
  })

  it('holds a malformed and an oversized message, and reads on after them', async () => {
    const marker = `broken-${Date.now()}`
    await dovecot.append(shapes.malformed(marker))
    const big = mid('big')
    await dovecot.append(
      shapes.large(
        { from: 'Big Sender <big@example.com>', to: 'inbox@biz.example', messageId: big },
        2 * 1024 * 1024,
      ),
    )
    const after = mid('after')
    await dovecot.append(
      shapes.fresh(
        { from: 'Next <next@example.com>', to: 'inbox@biz.example', messageId: after },
        'Still reading.',
      ),
    )
    expect(await stored(t, big)).toMatchObject({ outcome: 'held', reason: 'oversized' })
    expect((await stored(t, after)).outcome).toBe('new_entry')
    const broken = await t.database.db
      .selectFrom('contacts')
      .selectAll()
      .where('message', 'like', `%${marker}%`)
      .execute()
    expect(broken).toHaveLength(1)
    expect(broken[0]!.flag).toBe('malformed')
  })

  it('stores a message delivered twice once, and moves what it read to the processed folder', async () => {
    const id = mid('twice')
    const raw = shapes.fresh(
      { from: 'Echo <echo@example.com>', to: 'inbox@biz.example', messageId: id },
      'Twice.',
    )
    await dovecot.append(raw)
    await dovecot.append(raw)
    const marker = mid('marker')
    await dovecot.append(
      shapes.fresh({ from: 'Echo <echo@example.com>', to: 'inbox@biz.example', messageId: marker }, 'After.'),
    )
    await stored(t, marker)
    const contacts = await t.database.db
      .selectFrom('contacts')
      .select('id')
      .where('email', '=', 'echo@example.com')
      .execute()
    expect(contacts).toHaveLength(2) // "Twice." once, and "After."
    const client = await dovecot.client()
    await expect
      .poll(async () => count(await client.status('INBOX', { messages: true })), { timeout: 10_000 })
      .toBe(0)
    expect(count(await client.status('Processed', { messages: true }))).toBeGreaterThan(10)
  })
})

describe('the inbox settings', () => {
  it('show the mailbox as read, with no error', async () => {
    const admin = await signedIn(t, { role: 'admin' })
    const res = await call(admin.client, 'GET', '/api/admin/inbox-settings', undefined, 200)
    const { mailbox } = res as {
      mailbox: {
        configured: boolean
        mailboxes: { lastError: string | null; lastSuccessAt: string | null }[]
      }
    }
    expect(mailbox.configured).toBe(true)
    expect(mailbox.mailboxes).toEqual([expect.objectContaining({ mailbox: 'INBOX', lastError: null })])
    expect(mailbox.mailboxes[0]!.lastSuccessAt).not.toBeNull()
  })
})
