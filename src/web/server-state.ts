import type { DehydratedState } from '@tanstack/react-query'

// What a server-rendered page hands to the browser beside its HTML (decision 0110): the query cache
// it was drawn from, in a <script type="application/json"> element (not executed, so the CSP's
// script-src 'self' allows it). main.tsx reads it once and removes the element.

export const SERVER_STATE_ID = 'depot-server-state'

export interface ServerState {
  queries: DehydratedState
}

/** The state the server rendered this page with, or undefined for a page the browser renders alone. */
export function takeServerState(): ServerState | undefined {
  const element = document.getElementById(SERVER_STATE_ID)
  if (!element?.textContent) return undefined
  element.remove()
  try {
    return JSON.parse(element.textContent) as ServerState
  } catch {
    return undefined
  }
}
