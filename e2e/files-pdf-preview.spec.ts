import type { Locator, Page } from '@playwright/test'
import PDFDocument from 'pdfkit'
import { createUsers, signIn } from './support/admin-users'
import { seriousViolations } from './support/axe'
import { expect, test } from './support/fixtures'

// A PDF previewed by PDF.js in the file manager's dialog (decision 0137): drawn into a canvas page by
// page, with the pager, fitted to a phone's width; a damaged PDF gets a message and the download link.

const tag = `pdf${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
const password = `e2e-password-${tag}`
const owner = {
  email: `${tag}.owner@example.test`,
  password,
  firstName: 'Pia',
  lastName: `Owner${tag}`,
  verified: true,
}

test.describe.configure({ timeout: 120_000 })

test.beforeAll(async () => {
  await createUsers([owner])
})

/** Two A4 pages, each mostly one colour (red, then blue) with a line of text; locked by a password if given. */
function twoPagePdf(userPassword?: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 40, ...(userPassword ? { userPassword } : {}) })
    const parts: Buffer[] = []
    doc.on('data', (part: Buffer) => parts.push(part))
    doc.on('end', () => resolve(Buffer.concat(parts)))
    doc.on('error', reject)
    doc.rect(0, 0, 595, 842).fill('#d01010')
    doc.fillColor('#ffffff').fontSize(32).text('The first page', 60, 60)
    doc.addPage()
    doc.rect(0, 0, 595, 842).fill('#1030d0')
    doc.fillColor('#ffffff').fontSize(32).text('The second page', 60, 60)
    doc.end()
  })
}

/** The colour in the middle of the drawn canvas, as [r, g, b]. */
async function middlePixel(canvas: Locator): Promise<number[]> {
  await expect(canvas).toHaveAttribute('data-drawn', 'true')
  return canvas.evaluate((el: HTMLCanvasElement) => {
    const context = el.getContext('2d')
    if (!context) throw new Error('no 2d context')
    const [r, g, b] = context.getImageData(Math.floor(el.width / 2), Math.floor(el.height / 2), 1, 1).data
    return [r ?? 0, g ?? 0, b ?? 0]
  })
}

async function newFolder(page: Page, name: string): Promise<string> {
  const headers = { Origin: process.env.DEPOT_E2E_BASE_URL!, 'Content-Type': 'application/json' }
  const res = await page.request.post('/api/folders', {
    headers,
    data: { folder_name: name, parent_id: null },
  })
  expect(res.status(), await res.text()).toBe(201)
  return ((await res.json()) as { id: string }).id
}

test('a PDF is drawn page by page, fits a phone, and a damaged or locked one offers the download', async ({
  page,
  browser,
  browserIssues,
}) => {
  // PDF.js reads the file in its own worker, a same-origin module script the CSP allows (no fake worker
  // on the main thread).
  const workers: string[] = []
  page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname))
  await signIn(page, owner.email, password)
  const folderName = `PDFs ${tag}`
  const folderId = await newFolder(page, folderName)
  await page.goto(`/files/${folderId}`)
  await expect(page.getByRole('heading', { name: folderName, level: 1 })).toBeVisible()
  await page.getByLabel('Files to upload').setInputFiles([
    { name: 'report.pdf', mimeType: 'application/pdf', buffer: await twoPagePdf() },
    {
      name: 'broken.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.7\nthis is not a PDF after all\n%%EOF\n'),
    },
    { name: 'locked.pdf', mimeType: 'application/pdf', buffer: await twoPagePdf('secret words') },
  ])
  await expect(page.getByRole('button', { name: 'report.pdf', exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'broken.pdf', exact: true })).toBeVisible()

  // Page 1, drawn (red), then page 2 (blue) by the Next button, pressed from the keyboard.
  await page.getByRole('button', { name: 'report.pdf', exact: true }).click()
  const preview = page.getByRole('dialog', { name: 'report.pdf' })
  const pager = preview.getByRole('navigation', { name: 'PDF pages' })
  await expect(pager.getByText('Page 1 of 2')).toBeVisible()
  const canvas = preview.getByRole('img', { name: 'report.pdf, Page 1 of 2' })
  const [r1, g1, b1] = await middlePixel(canvas)
  expect(r1).toBeGreaterThan(150)
  expect(Math.max(g1 ?? 255, b1 ?? 255)).toBeLessThan(80)
  expect(workers).toContainEqual(expect.stringMatching(/^\/assets\/pdf\.worker\.min-[\w-]+\.mjs$/))
  await expect(pager.getByRole('button', { name: 'Previous page' })).toBeDisabled()
  await pager.getByRole('button', { name: 'Next page' }).focus()
  await page.keyboard.press('Enter')
  await expect(pager.getByText('Page 2 of 2')).toBeVisible()
  const [r2, , b2] = await middlePixel(preview.getByRole('img', { name: 'report.pdf, Page 2 of 2' }))
  expect(b2).toBeGreaterThan(150)
  expect(r2).toBeLessThan(80)
  await expect(pager.getByRole('button', { name: 'Next page' })).toBeDisabled()
  expect(await seriousViolations(page)).toEqual([])
  await page.keyboard.press('Escape')
  await expect(preview).toBeHidden()

  // On a phone: the page is as wide as the dialog allows, and nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.getByRole('button', { name: 'report.pdf', exact: true }).click()
  await expect(preview.getByRole('navigation', { name: 'PDF pages' }).getByText('Page 1 of 2')).toBeVisible()
  const phoneCanvas = preview.getByRole('img', { name: 'report.pdf, Page 1 of 2' })
  await middlePixel(phoneCanvas)
  const fit = await preview.evaluate((dialog) => ({
    page: document.documentElement.scrollWidth - window.innerWidth,
    dialog: dialog.scrollWidth - dialog.clientWidth,
    dialogRight: dialog.getBoundingClientRect().right,
    canvas: dialog.querySelector('canvas')?.getBoundingClientRect().width ?? 0,
  }))
  expect(fit.page).toBeLessThanOrEqual(0)
  expect(fit.dialog).toBeLessThanOrEqual(0)
  expect(fit.dialogRight).toBeLessThanOrEqual(390)
  expect(fit.canvas).toBeGreaterThan(250)
  expect(await seriousViolations(page)).toEqual([])
  await page.keyboard.press('Escape')
  await expect(preview).toBeHidden()

  // A damaged PDF: a clear message and the download link.
  await page.getByRole('button', { name: 'broken.pdf', exact: true }).click()
  const broken = page.getByRole('dialog', { name: 'broken.pdf' })
  const alert = broken.getByRole('alert')
  await expect(alert).toContainText('Could not show this PDF')
  await expect(alert).toContainText('The file may be damaged or not a PDF.')
  await expect(alert.getByRole('link', { name: 'Download broken.pdf' })).toHaveAttribute(
    'href',
    /\/api\/files\/[^/]+\/download$/,
  )
  expect(await seriousViolations(page)).toEqual([])
  await page.keyboard.press('Escape')
  await expect(broken).toBeHidden()

  // A PDF locked by a password: the preview says so rather than asking for it.
  await page.getByRole('button', { name: 'locked.pdf', exact: true }).click()
  const locked = page.getByRole('dialog', { name: 'locked.pdf' }).getByRole('alert')
  await expect(locked).toContainText('It is protected by a password')
  await expect(locked.getByRole('link', { name: 'Download locked.pdf' })).toBeVisible()

  // A share link's visitor, with no account: the viewer reads the link's own preview address.
  const res = await page.request.post(`/api/folders/${folderId}/links`, {
    headers: { Origin: process.env.DEPOT_E2E_BASE_URL!, 'Content-Type': 'application/json' },
    data: { mode: 'download' },
  })
  expect(res.status(), await res.text()).toBe(201)
  const visitorContext = await browser.newContext({ baseURL: process.env.DEPOT_E2E_BASE_URL })
  const visitor = await visitorContext.newPage()
  await browserIssues.watch(visitor)
  const fetched: string[] = []
  visitor.on('request', (request) => fetched.push(new URL(request.url()).pathname))
  await visitor.goto(((await res.json()) as { path: string }).path)
  await visitor.getByRole('button', { name: 'report.pdf', exact: true }).click()
  const shared = visitor.getByRole('dialog', { name: 'report.pdf' })
  await expect(shared.getByRole('navigation', { name: 'PDF pages' }).getByText('Page 1 of 2')).toBeVisible()
  const [r3] = await middlePixel(shared.getByRole('img', { name: 'report.pdf, Page 1 of 2' }))
  expect(r3).toBeGreaterThan(150)
  expect(fetched).toContainEqual(expect.stringMatching(/^\/api\/s\/[\w-]+\/files\/[^/]+\/preview$/))
  await visitorContext.close()
})
