import { expect, test } from './support/fixtures'

// The API reference: Swagger UI served from our own files under the strict CSP. A CSP violation or a
// failed asset shows up as a console error, which the fixtures turn into a failure.

test.describe('API reference', () => {
  test('/api/openapi.json is an OpenAPI 3.1 document describing /healthz', async ({ request }) => {
    const res = await request.get('/api/openapi.json')
    expect(res.status()).toBe(200)
    expect(res.headers()['content-type']).toContain('application/json')
    const doc = (await res.json()) as { openapi?: string; info?: { title?: string }; paths?: object }
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/)
    expect(doc.info?.title).toBeTruthy()
    expect(Object.keys(doc.paths ?? {})).toContain('/healthz')
  })

  test('/api/docs renders Swagger UI listing the /healthz operation', async ({ page, browserIssues }) => {
    const response = await page.goto('/api/docs')
    expect(response?.status()).toBe(200)
    await expect(page).toHaveTitle(/API/)
    // Swagger UI renders one block per operation; its path is the operation's accessible text.
    const healthz = page.locator('.opblock').filter({ has: page.getByText('/healthz', { exact: true }) })
    await expect(healthz.first()).toBeVisible({ timeout: 15_000 })
    await expect(healthz.first()).toContainText(/get/i)
    // Opening the operation shows its responses: the UI is working, not just painted.
    await healthz.first().locator('.opblock-summary').first().click()
    await expect(healthz.first().locator('.responses-wrapper')).toBeVisible()
    expect(browserIssues.list()).toEqual([])
  })
})
