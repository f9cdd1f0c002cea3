import fs from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'
import type { AxeResults, ImpactValue, RunOptions } from 'axe-core'

// Accessibility checks with axe-core, run inside the page under test.
//
// How axe gets into the page: `page.evaluate(axeSource)`. Our CSP (`script-src 'self'`, no inline
// script) blocks `page.addScriptTag({ content })`, which inserts an inline <script>. Code evaluated
// through the browser protocol (page.evaluate) is not subject to the page's CSP, so it works on the
// page exactly as users get it. The alternative, a context with `bypassCSP: true`, would test a page
// with its CSP switched off and would need a second context, losing the state we want to check
// (an open menu, a chosen theme). axe itself needs no eval, so the strict CSP does not hinder it.

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

const BLOCKING: ImpactValue[] = ['serious', 'critical']

declare global {
  interface Window {
    axe?: {
      run(context: unknown, options: RunOptions): Promise<AxeResults>
      /** axe's own rule table (not in its typings): each rule's id and its declared impact, if any. */
      _audit?: { rules: { id: string; impact?: ImpactValue }[] }
    }
  }
}

/**
 * Runs axe on the current page (or the part matching `include`) and returns its serious and critical
 * violations, one readable line per rule, e.g.
 *   "color-contrast (serious): Elements must meet minimum color contrast ratio thresholds — at: header a.nav"
 * so `expect(await seriousViolations(page)).toEqual([])` fails with a message worth reading.
 */
export async function seriousViolations(page: Page, options: { include?: string } = {}): Promise<string[]> {
  const injected = await page.evaluate(() => typeof window.axe !== 'undefined')
  if (!injected) await page.evaluate(axeSource)
  const results = await page.evaluate(
    async ({ include, blocking }) => {
      if (!window.axe) throw new Error('axe-core did not load in the page')
      // A rule that declares its impact reports every violation at that impact (axe's
      // finalizeRuleResult), so a rule declared minor or moderate can never report what is looked
      // for here: it is not run. That leaves about two thirds of the rules and halves a run's time;
      // rules that take their impact from their checks all run. Without axe's rule table, all run.
      const rules = window.axe._audit?.rules ?? []
      const off = rules.filter((rule) => rule.impact && !blocking.includes(rule.impact))
      return window.axe.run(include ? { include: [include] } : document, {
        resultTypes: ['violations'],
        rules: Object.fromEntries(off.map((rule) => [rule.id, { enabled: false }])),
      })
    },
    { include: options.include, blocking: BLOCKING },
  )
  return results.violations
    .filter((v) => v.impact && BLOCKING.includes(v.impact))
    .map((v) => {
      const targets = v.nodes.map((n) => n.target.map(String).join(' ')).slice(0, 5)
      const more = v.nodes.length > targets.length ? ` (+${v.nodes.length - targets.length} more)` : ''
      return `${v.id} (${v.impact}): ${v.help} — at: ${targets.join(' | ')}${more} [${v.helpUrl}]`
    })
}
