import type { AddressInfo } from 'node:net'
import nodemailer from 'nodemailer'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { InboundReader } from '../../src/server/features/inbox/inbound/mailbox-reader'
import { inboxApp } from '../inbox/helpers'
import { type Dovecot, startDovecot } from '../support/dovecot'
import { type Person, signedIn } from '../support/people'
import type { TestApp } from '../support/test-app'
import { call } from '../support/typed-client'
import { inboundEnv, insertQuote, mid, startReader, stored } from './helpers'
import * as shapes from './mail-shapes'

// Mail delivered as it is in production: the customer's mail client (nodemailer) sends the answer over
// SMTP to an MTA (smtp-server on loopback) that files it into the business's mailbox (dovecot, by
// APPEND, with the trace headers an MTA adds), where the reader finds it as soon as the mailbox says
// so. And a 20 MB message against the default size limit (10 MB): held with what its headers say, and
// the reader goes on.

let dovecot: Dovecot
let t: TestApp
let reader: InboundReader
let tess: Person
let mta: SMTPServer
let mtaPort = 0

beforeAll(async () => {
  dovecot = await startDovecot()
  // The default INBOUND_MAX_MESSAGE_BYTES, not the suites' smaller one.
  const { INBOUND_MAX_MESSAGE_BYTES: _, ...env } = inboundEnv(dovecot.url())
  t = await inboxApp(env)
  tess = await signedIn(t, { role: 'staff', functions: ['ManageFeedback'], first_name: 'Tess' })
  // The lease production holds (60 s): between reads the reader waits 20 s, so mail read sooner was
  // announced by the mailbox (IDLE), not found on a timer.
  reader = startReader(t, 'instance-delivery', 60_000)
  mta = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : ''
        const trace = Buffer.from(
          `Return-Path: <${from}>\r\nDelivered-To: inbox@biz.example\r\n` +
            `Received: from ${session.clientHostname} (${session.remoteAddress}) by mx.biz.example; ${new Date().toUTCString()}\r\n`,
        )
        dovecot.append(Buffer.concat([trace, ...chunks])).then(
          () => callback(),
          (error: Error) => callback(Object.assign(error, { responseCode: 451 })),
        )
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    mta.once('error', reject)
    mta.listen(0, '127.0.0.1', () => resolve())
  })
  mtaPort = (mta.server.address() as AddressInfo).port
}, 30_000)

afterAll(async () => {
  await reader?.stop()
  await new Promise<void>((resolve) => (mta ? mta.close(() => resolve()) : resolve()))
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

async function answered() {
  const quote = await insertQuote(t)
  await call(tess.client, 'POST', `/api/inbox/quotes/${quote.id}/replies`, { body: 'Hello Ada' }, 201)
  const mail = await t.database.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', quote.email)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow()
  return { quote, replyTo: mail.reply_to!, messageId: `<${mail.id}@biz.example>` }
}

describe('an answer delivered by SMTP', () => {
  it('joins the thread with its quotes folded, its HTML and its attachment, as the client wrote it', async () => {
    const { quote, replyTo, messageId } = await answered()
    const client = nodemailer.createTransport({
      host: '127.0.0.1',
      port: mtaPort,
      secure: false,
      ignoreTLS: true,
    })
    const id = mid('smtp')
    const info = await client.sendMail({
      from: `Ada Lovelace <${quote.email}>`,
      to: replyTo,
      subject: 'Re: your quote request',
      messageId: id,
      inReplyTo: messageId,
      references: [messageId],
      text: 'Delivered by SMTP, go ahead.\n\nOn Sat, 28 Nov 2026 at 09:00, Biz Support wrote:\n> Hello Ada\n',
      html: '<div dir="ltr">Delivered by SMTP, go ahead.</div><div class="gmail_quote"><div class="gmail_attr">On Sat, 28 Nov 2026 at 09:00, Biz Support wrote:</div><blockquote class="gmail_quote">Hello Ada</blockquote></div>',
      attachments: [
        { filename: 'floor plan.pdf', content: Buffer.from('%PDF-1.4 plan'), contentType: 'application/pdf' },
      ],
    })
    expect(info.accepted).toEqual([replyTo])
    client.close()

    // Within 10 s: sooner than the reader's 20 s wait, and than the 15 s of quiet after which the IMAP
    // library would start IDLE on its own.
    expect((await stored(t, id, 10_000)).outcome).toBe('threaded')
    const res = await call(tess.client, 'GET', `/api/inbox/quotes/${quote.id}/messages`, undefined, 200)
    const answer = (res as { items: ThreadItem[] }).items.find((m) => m.kind === 'customer')!
    expect(answer).toMatchObject({ body: 'Delivered by SMTP, go ahead.', viaEmail: true })
    expect(answer.quoted).toContain('> Hello Ada')
    expect(answer.html).toContain('Delivered by SMTP, go ahead.')
    expect(answer.html).not.toContain('Hello Ada')
    expect(answer.attachments).toEqual([
      expect.objectContaining({ filename: 'floor plan.pdf', mimetype: 'application/pdf', size: 13 }),
    ])
  })
})

describe('a 20 MB message', () => {
  it('is held as a flagged contact with what its headers say, and the reader reads on', async () => {
    const big = mid('twenty')
    // 15 MB of bytes, base64: about 20 MB of message, over the default 10 MB.
    await dovecot.append(
      shapes.large(
        {
          from: 'Big Sender <big@example.com>',
          to: 'inbox@biz.example',
          messageId: big,
          subject: 'Our drawings',
        },
        15 * 1024 * 1024,
      ),
    )
    const after = mid('after-big')
    await dovecot.append(
      shapes.fresh(
        { from: 'Next <next@example.com>', to: 'inbox@biz.example', messageId: after },
        'Still reading.',
      ),
    )
    const ledger = await stored(t, big, 60_000)
    expect(ledger).toMatchObject({ outcome: 'held', reason: 'oversized' })
    expect((await stored(t, after, 60_000)).outcome).toBe('new_entry')
    const contact = await t.database.db
      .selectFrom('contacts')
      .selectAll()
      .where('id', '=', ledger.contact_id!)
      .executeTakeFirstOrThrow()
    expect(contact).toMatchObject({
      email: 'big@example.com',
      first_name: 'Big',
      last_name: 'Sender',
      subject: 'Our drawings',
      flag: 'oversized',
    })
    expect(contact.message).toMatch(/This message was 2\d MB, over the 10 MB limit/)
    // Nothing of it was kept as an attachment.
    const attachments = await t.database.db
      .selectFrom('inbox_attachments')
      .select('id')
      .where('contact_id', '=', contact.id)
      .execute()
    expect(attachments).toEqual([])
  }, 90_000)
})
