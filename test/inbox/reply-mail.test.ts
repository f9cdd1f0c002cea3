import { describe, expect, it, onTestFinished } from 'vitest'
import { newId } from '../../src/server/lib/ids'
import { signedIn } from '../support/people'
import { SmtpSink } from '../support/smtp-sink'
import { call } from '../support/typed-client'
import { inboxApp } from './helpers'

// A staff reply as the customer reads it, through a real SMTP server on loopback: one greeting (the
// staff member's own, or ours), the reply's Markdown rendered in HTML and plain in text, no doubled
// full stop after a name that ends in one, and the customer's request quoted under the reply.

async function withSink() {
  const sink = new SmtpSink()
  await sink.start()
  onTestFinished(() => sink.stop())
  const t = await inboxApp({
    SMTP_URL: sink.url,
    MAIL_FROM: 'Depot <no-reply@depot.test>',
    BUSINESS_NAME: 'Engines & Co.',
  })
  const tess = await signedIn(t, {
    role: 'staff',
    functions: ['ManageFeedback'],
    first_name: 'Tess',
    last_name: 'Triage',
  })
  return { sink, t, tess }
}

type App = Awaited<ReturnType<typeof withSink>>

async function quoteFrom(t: App['t'], message: string) {
  const row = {
    id: newId(),
    first_name: 'Ada',
    last_name: 'Lovelace',
    business_name: null,
    industry: null,
    email: `ada-${newId()}@example.com`,
    phone: null,
    service: null,
    message,
    status: 'pending' as const,
    createdAt: '2026-11-22T12:00:00.000Z',
    updatedAt: '2026-11-22T12:00:00.000Z',
  }
  await t.database.db.insertInto('quote_requests').values(row).execute()
  return row
}

async function replyAndRead({ sink, t, tess }: App, quote: { id: string; email: string }, body: string) {
  await call(tess.client, 'POST', `/api/inbox/quotes/${quote.id}/replies`, { body }, 201)
  expect(await t.mail.drainOnce()).toBe(1)
  const mail = sink.received.find((m) => m.envelope.to[0] === quote.email)
  expect(mail).toBeDefined()
  return { text: mail!.text!, html: mail!.html! }
}

describe('the reply e-mail', () => {
  it('keeps the staff member’s own greeting as the only one and renders their Markdown', async () => {
    const app = await withSink()
    const quote = await quoteFrom(app.t, 'Please quote for 3 engines.\nDelivery to Lagos.')
    const { text, html } = await replyAndRead(
      app,
      quote,
      'Hi Ada,\n\nThree engines come to **₦1,500,000**:\n\n- delivery included\n- [terms](https://example.com/terms)\n\n<script>x</script>',
    )

    expect(text.match(/^(Hi|Hello|Dear)\b/gm)).toEqual(['Hi'])
    expect(text).toContain('Hi Ada,')
    expect(text).toContain('Three engines come to ₦1,500,000:')
    expect(text).toContain('- delivery included\n- terms (https://example.com/terms)')
    expect(text).not.toContain('**')
    expect(html.match(/Hi Ada,/g)).toHaveLength(1)
    expect(html).toContain('<strong>₦1,500,000</strong>')
    expect(html).toMatch(/<li style="[^"]*">delivery included<\/li>/)
    expect(html).toMatch(/<a style="[^"]*" href="https:\/\/example.com\/terms" rel="noopener nofollow"/)
    expect(html).toContain('&lt;script&gt;x&lt;/script&gt;')
    expect(html).not.toContain('<script>')
    expect(html).not.toContain('**')

    // The business's name ends in a full stop: the sentence ends with it, once.
    expect(text).toContain('to Engines & Co. Reply to this e-mail')
    expect(text).not.toContain('Co..')
    expect(html).not.toContain('Co..')

    // The request it answers, quoted under the reply.
    expect(text).toContain('On 22 Nov 2026, Ada wrote:\n> Please quote for 3 engines.\n> Delivery to Lagos.')
    expect(text.indexOf('Three engines')).toBeLessThan(text.indexOf('Ada wrote:'))
    expect(html).toContain('On 22 Nov 2026, Ada wrote:')
    expect(html).toMatch(
      /<blockquote style="[^"]*">Please quote for 3 engines.\nDelivery to Lagos.<\/blockquote>/,
    )
  })

  it('greets for the staff member who did not, and cuts a long request with …', async () => {
    const app = await withSink()
    const long = `${'All the engines we could want, and more. '.repeat(60)}THE-END-OF-IT`
    const quote = await quoteFrom(app.t, long)
    const { text, html } = await replyAndRead(app, quote, 'Thank you: *yes*, we can.')

    expect(text.startsWith('Hi Ada,\n\nThank you: yes, we can.')).toBe(true)
    expect(html).toContain('<em>yes</em>')
    expect(text).toMatch(/\n> All the engines we could want[^\n]* …\n/)
    expect(text).not.toContain('THE-END-OF-IT')
    expect(html).not.toContain('THE-END-OF-IT')
    expect(html).toContain(' …</blockquote>')
  })
})
