import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  createMailTransport,
  createSmtpTransport,
  enqueueMail,
  linksIn,
  verifyEmail,
} from '../../src/server/features/mail'
import { parseMime } from '../support/parse-mime'
import { createTestApp } from '../support/test-app'
import { BRAND, FROM, outboxRow, testWorker } from './support/mail-fixture'

const LINK = 'http://localhost:3000/verify-email?token=abc123'

describe('mail file transport (the default local run)', () => {
  it('writes each message as a parseable .eml under DATA_DIR/mail and logs its links', async () => {
    const t = await createTestApp()
    const transport = createMailTransport(
      { smtpUrl: undefined, from: FROM, dataDir: t.deps.env.dataDir },
      t.deps.logger,
    )
    const worker = testWorker(t, transport)
    const { id } = await enqueueMail(
      t.database.db,
      { to: 'ada@example.com', ...verifyEmail(BRAND, { firstname: 'Ada', link: LINK }) },
      t.clock.now,
    )

    expect(await worker.drainOnce()).toBe(1)
    const file = path.join(t.deps.env.dataDir, 'mail', `${id}.eml`)
    const raw = fs.readFileSync(file)
    expect(raw.toString('latin1')).toMatch(/\r\n\r\n/) // CRLF line ends, as RFC 5322 wants
    const mail = parseMime(raw)
    expect(mail.headers.get('from')).toBe(FROM)
    expect(mail.headers.get('to')).toBe('ada@example.com')
    expect(mail.headers.get('subject')).toBe('Confirm your e-mail address for Depot')
    expect(mail.headers.get('message-id')).toBe(`<${id}@depot.test>`)
    expect(mail.headers.get('date')).toBeTruthy()
    expect(mail.text).toContain(LINK)
    expect(mail.html).toContain(`href="${LINK}"`)
    expect(fs.readdirSync(path.dirname(file))).toEqual([`${id}.eml`]) // no partial file left behind

    const lines = t.logs.lines.filter((l) => l.file === file)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({
      level: 'info',
      to: 'ada@example.com',
      subject: 'Confirm your e-mail address for Depot',
    })
    expect(lines[0]!.links).toContain(LINK)
    expect(await outboxRow(t, id)).toMatchObject({ status: 'sent' })
  })

  it('finds http(s) links in a text body without the punctuation after them', () => {
    expect(
      linksIn('Open https://a.test/x?y=1. Or (http://b.test/z), again https://a.test/x?y=1\nftp://no'),
    ).toEqual(['https://a.test/x?y=1', 'http://b.test/z'])
  })

  it('accepts only smtp:// and smtps:// URLs for SMTP', () => {
    expect(() => createSmtpTransport({ smtpUrl: 'http://mail.example.com', from: FROM })).toThrow(
      /smtp:\/\/ or smtps:\/\//,
    )
    expect(() =>
      createSmtpTransport({ smtpUrl: 'smtps://u:p@mail.example.com:465', from: FROM }),
    ).not.toThrow()
  })
})
