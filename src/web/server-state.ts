import type { DehydratedState } from '@tanstack/react-query'

// What a server-rendered page hands to the browser beside its HTML (decision 0110): the query cache
// it was drawn from, in a <script type="application/json"> element (not executed, so the CSP's
// script-src 'self' allows it). main.tsx reads it once and removes the element.

export const SERVER_STATE_ID = 'depot-server-state'

export interface ServerState {
  queries: DehydratedState
  /** The prices the page shows as the server wrote them, by "minor-units currency" (lib/money-texts.ts). */
  moneyTexts?: Record<string, string>
}

/**
 * The state the server rendered this page with, or undefined for a page the browser renders alone.
 * Its answers count as fetched now: the server may send a visitor a page it drew earlier, but only
 * while the data it was drawn from has not changed (decision 0149), so they are as fresh as the page.
 */
export function takeServerState(now = Date.now()): ServerState | undefined {
  const element = document.getElementById(SERVER_STATE_ID)
  if (!element?.textContent) return undefined
  element.remove()
  let state: ServerState
  try {
    state = JSON.parse(element.textContent) as ServerState
  } catch {
    return undefined
  }
  for (const query of state.queries.queries) query.state.dataUpdatedAt = now
  return state
}
