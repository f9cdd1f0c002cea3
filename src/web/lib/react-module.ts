import { useState } from 'preact/hooks'

// What `react` resolves to in the web build (vite.config.ts, decision 0101): preact/compat, with one
// hook replaced. Preact's useId numbers ids from the root its component is under, and a Radix portal's
// content is rendered under a new root on each of its renders, so a field that appears later in an
// open dialog got the same id as one already there (and its label named the wrong control). These ids
// are unique in the page; nothing is rendered on the server, so they need not match a server's.

// @ts-expect-error preact/compat's types are written `export =`; its JavaScript has named exports.
export * from 'preact/compat'
export { default } from 'preact/compat'

let last = 0

export function useId(): string {
  const [id] = useState(() => `r${(++last).toString(36)}`)
  return id
}
