import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createElement as h, type ReactElement } from 'react'
// biome-ignore lint/style/noRestrictedImports: React's own server renderer (not src/server), for a test in Node
import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { type FormSetup, QUOTE_ATTACHMENTS, quoteFormSchema } from '../../../shared/contract/inbox'
import { ApiError } from '../../lib/api-error'
import { ContactPage } from './contact-page'
import { EbookDownloadPage } from './ebook-link-page'
import { EbookPage } from './ebook-page'
import { formProblemText } from './form-problem'
import { QuotePage } from './quote-page'

// The public forms rendered as the browser first paints them (server-side rendering in Node): the
// honeypot's attributes, the prefill and the services list. The browser journey is in e2e/.

const SETUP: FormSetup = {
  formToken: 'token.signature',
  minFillSeconds: 3,
  services: ['Web design', 'Hosting'],
  prefill: {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    business_name: 'AE',
    industry: null,
  },
  ebookAvailable: true,
}

function render(element: ReactElement, form: string, setup: FormSetup | undefined, url = '/') {
  const client = new QueryClient()
  if (setup) client.setQueryData(['inbox', 'form-setup', form], setup)
  return renderToString(
    h(QueryClientProvider, { client }, h(MemoryRouter, { initialEntries: [url] }, element)),
  )
}

describe('public forms', () => {
  it('hide the honeypot from people, assistive technology, the tab order and autofill', () => {
    const html = render(h(ContactPage), 'contact', SETUP)
    const honeypot = /<div aria-hidden="true"[^>]*>.*?<input[^>]*name="website"[^>]*>/s.exec(html)?.[0]
    expect(honeypot).toBeDefined()
    expect(honeypot).toContain('tabindex="-1"')
    expect(honeypot).toContain('autoComplete="off"')
    expect(honeypot).toMatch(/class="[^"]*-left-\[10000px\]/)
  })

  it('prefill the signed-in user’s details and list the admins’ services', () => {
    const html = render(h(QuotePage), 'quote', SETUP)
    expect(html).toContain('value="Ada"')
    expect(html).toContain('value="ada@example.com"')
    expect(html).toContain('value="AE"')
    expect(html).toContain('<option value="Web design">Web design</option>')
    expect(html).toContain('Send quote request')
  })

  it('ask for no service when admins list none, and prefill nothing for a visitor', () => {
    const html = render(h(QuotePage), 'quote', { ...SETUP, services: [], prefill: null })
    expect(html).not.toContain('Choose a service')
    expect(html).not.toContain('value="Ada"')
  })

  it('say what to do after too many messages', () => {
    const error = new ApiError({
      status: 429,
      code: 'rate_limited',
      title: 'Too many requests',
      detail: 'Too many messages from you in a short time. Please try again in 12 minutes.',
    })
    expect(formProblemText(error)).toEqual({
      title: 'Too many messages',
      detail:
        'Too many messages from you in a short time. Please try again in 12 minutes. What you typed is kept on this page.',
    })
  })
})

describe('the quote form’s files', () => {
  it('offer an optional file picker with the limits stated', () => {
    const html = render(h(QuotePage), 'quote', SETUP)
    expect(html).toMatch(/<input[^>]*type="file"[^>]*multiple/)
    expect(html).toContain('Attachments (optional)')
    expect(html).toContain('Up to 5 files, 10 MB each and 25 MB in all.')
  })

  it('are checked before sending, with the server’s rules and words', () => {
    const fields = { first_name: 'A', last_name: 'B', email: 'a@example.com', message: 'Hi' }
    const file = (name: string, size = 10, type = 'application/pdf') => ({ name, type, size })
    const problems = (attachments: ReturnType<typeof file>[]) => {
      const parsed = quoteFormSchema.safeParse({ ...fields, attachments })
      return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
    }
    expect(problems([file('brief.pdf'), file('logo.svg', 10, 'image/svg+xml')])).toEqual([])
    expect(problems([file('setup.EXE', 10, 'application/octet-stream')])).toEqual([
      'attachments: setup.EXE: programs and scripts are not accepted.',
    ])
    expect(problems([file('big.pdf', QUOTE_ATTACHMENTS.maxFileBytes + 1)])).toEqual([
      'attachments: big.pdf is larger than 10 MB: send a smaller file.',
    ])
    expect(problems(Array.from({ length: 6 }, (_, i) => file(`${i}.pdf`)))).toEqual([
      'attachments: Attach at most 5 files.',
    ])
    expect(problems([1, 2, 3].map((i) => file(`${i}.pdf`, QUOTE_ATTACHMENTS.maxFileBytes)))).toEqual([
      'attachments: The files come to more than 25 MB in all: leave some out.',
    ])
  })
})

describe('the e-book page', () => {
  it('offers the request form while the e-book is published', () => {
    const html = render(h(EbookPage), 'ebook', SETUP)
    expect(html).toContain('Send me the e-book')
    expect(html).not.toContain('not available')
  })

  it('says the e-book is not available, with no form, while it is unpublished', () => {
    const html = render(h(EbookPage), 'ebook', { ...SETUP, ebookAvailable: false })
    expect(html).toContain('The e-book is not available right now.')
    expect(html).not.toContain('Send me the e-book')
  })
})

describe('the e-book link page', () => {
  it('asks for a button press (a POST) rather than confirming on opening', () => {
    const html = render(h(EbookDownloadPage), 'ebook', undefined, '/ebook/download?token=abcdefghijk.lmnop')
    expect(html).toContain('Confirm and get the e-book')
  })

  it('explains an incomplete link', () => {
    const html = render(h(EbookDownloadPage), 'ebook', undefined, '/ebook/download')
    expect(html).toContain('This link does not work')
    expect(html).toContain('href="/ebook"')
  })
})
