// The If header of RFC 4918 §10.4: lists of state tokens and entity tags, each list optionally
// tagged with the resource it is about. Parsed here; evaluated against the resource's locks and ETag
// by dav-locks.service.ts.

export interface Condition {
  not: boolean
  kind: 'token' | 'etag'
  value: string
}
export interface IfList {
  /** The resource the list is about (a URL or path); undefined: the request's own resource. */
  resource?: string
  conditions: Condition[]
}

export class IfHeaderError extends Error {}

export function parseIfHeader(header: string | undefined): IfList[] {
  if (!header) return []
  const lists: IfList[] = []
  let i = 0
  let resource: string | undefined
  const s = header
  const ws = () => {
    while (i < s.length && /\s/.test(s[i]!)) i++
  }
  while (i < s.length) {
    ws()
    if (i >= s.length) break
    if (s[i] === '<') {
      const end = s.indexOf('>', i)
      if (end < 0) throw new IfHeaderError('Unterminated resource tag.')
      resource = s.slice(i + 1, end)
      i = end + 1
      continue
    }
    if (s[i] !== '(') throw new IfHeaderError('Expected a list in the If header.')
    i++
    const conditions: Condition[] = []
    for (;;) {
      ws()
      if (s[i] === ')') {
        i++
        break
      }
      let not = false
      if (s.slice(i, i + 3).toLowerCase() === 'not') {
        not = true
        i += 3
        ws()
      }
      if (s[i] === '<') {
        const end = s.indexOf('>', i)
        if (end < 0) throw new IfHeaderError('Unterminated state token.')
        conditions.push({ not, kind: 'token', value: s.slice(i + 1, end) })
        i = end + 1
      } else if (s[i] === '[') {
        const end = s.indexOf(']', i)
        if (end < 0) throw new IfHeaderError('Unterminated entity tag.')
        conditions.push({ not, kind: 'etag', value: s.slice(i + 1, end) })
        i = end + 1
      } else {
        throw new IfHeaderError('Malformed condition in the If header.')
      }
    }
    if (conditions.length === 0) throw new IfHeaderError('An empty list in the If header.')
    lists.push({ resource, conditions })
  }
  return lists
}

/** Every state token the header submits (what proves the client holds a lock). */
export function submittedTokens(lists: readonly IfList[]): Set<string> {
  const tokens = new Set<string>()
  for (const list of lists)
    for (const c of list.conditions) if (c.kind === 'token' && !c.not) tokens.add(c.value)
  return tokens
}

/** The token of a `Lock-Token: <opaquelocktoken:…>` header. */
export function lockTokenHeader(header: string | undefined): string | undefined {
  const match = /^\s*<([^>]+)>\s*$/.exec(header ?? '')
  return match?.[1]
}
