import { BlockList, isIP } from 'node:net'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

/**
 * Which reverse proxies in front of us are trusted to say who the client is (TRUST_PROXY):
 *  - `{ hops: 0 }`: none; the client is the socket's peer and X-Forwarded-For is ignored.
 *  - `{ hops: n }`: the n nearest hops (the socket's peer, then X-Forwarded-For from the right).
 *  - `{ ranges }`: every hop whose address is in one of these addresses or CIDR ranges.
 * Each trusted proxy appends the address it received the request from to X-Forwarded-For, so the
 * client is the right-most address that no trusted proxy vouches for; anything left of it was written
 * by the client itself (or an untrusted hop) and is never believed.
 */
export type ProxyTrust =
  | { kind: 'hops'; hops: number }
  | { kind: 'ranges'; ranges: readonly string[]; list: BlockList }

export const NO_PROXY: ProxyTrust = { kind: 'hops', hops: 0 }

/** Most deployments have one or two proxies; a larger count is almost certainly a typo. */
const MAX_HOPS = 32

/**
 * Reads TRUST_PROXY: unset, empty, `false` or `0` → no proxy; `true` → one hop (the proxy that
 * connects to us); a whole number → that many hops; otherwise a comma-separated list of IPv4/IPv6
 * addresses and CIDR ranges. Returns a message naming the first bad entry instead of throwing.
 */
export function parseProxyTrust(value: string | undefined): ProxyTrust | { error: string } {
  const text = value?.trim() ?? ''
  if (text === '' || text === 'false') return NO_PROXY
  if (text === 'true') return { kind: 'hops', hops: 1 }
  if (/^\d+$/.test(text)) {
    const hops = Number(text)
    if (hops > MAX_HOPS) return { error: `must be at most ${MAX_HOPS} proxies` }
    return { kind: 'hops', hops }
  }
  const list = new BlockList()
  const ranges: string[] = []
  for (const raw of text.split(',')) {
    const entry = raw.trim()
    if (entry === '') continue
    const [address = '', prefix, extra] = entry.split('/')
    const normalized = normalizeAddress(address)
    const family = normalized === undefined ? 0 : isIP(normalized)
    const bits = family === 4 ? 32 : 128
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits)
    if (!normalized || family === 0 || extra !== undefined || !prefixOk) {
      return {
        error: `"${entry}" is not an IP address or CIDR range (expected a number of proxies, or a list such as 127.0.0.1,10.0.0.0/8,fd00::/8)`,
      }
    }
    const type = family === 4 ? 'ipv4' : 'ipv6'
    if (prefix === undefined) list.addAddress(normalized, type)
    else list.addSubnet(normalized, Number(prefix), type)
    ranges.push(prefix === undefined ? normalized : `${normalized}/${prefix}`)
  }
  if (ranges.length === 0) return NO_PROXY
  return { kind: 'ranges', ranges, list }
}

/** How the setting reads back, for the start-up log. */
export function describeProxyTrust(trust: ProxyTrust): string {
  if (trust.kind === 'ranges') return trust.ranges.join(',')
  return trust.hops === 0 ? 'none' : `${trust.hops} hop${trust.hops === 1 ? '' : 's'}`
}

/**
 * An address as we compare and store it: brackets, a port and an IPv6 zone removed, IPv4-mapped IPv6
 * (`::ffff:10.0.0.1`, what a dual-stack socket reports) as plain IPv4, lower case. Undefined when it
 * is not an IP address at all.
 */
export function normalizeAddress(raw: string | undefined): string | undefined {
  if (!raw) return undefined
  let text = raw.trim().toLowerCase()
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text)
  if (bracketed) text = bracketed[1]!
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(':'))
  const zone = text.indexOf('%')
  if (zone !== -1) text = text.slice(0, zone)
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/.exec(text)
  if (mapped) text = mapped[1]!
  return isIP(text) === 0 ? undefined : text
}

function isTrusted(trust: ProxyTrust, address: string, position: number): boolean {
  if (trust.kind === 'hops') return position < trust.hops
  return trust.list.check(address, isIP(address) === 4 ? 'ipv4' : 'ipv6')
}

/**
 * The client's address from the socket's peer and the X-Forwarded-For header (all of its values,
 * joined by commas, in order). Walks from the nearest hop outwards while the hop is trusted; the
 * first hop that is not trusted is the client. An entry that is not an address ends the walk at the
 * trusted hop that passed it on, so a forged value can never become the client's address.
 */
export function resolveClientAddress(
  peer: string | undefined,
  forwardedFor: string | undefined,
  trust: ProxyTrust,
): string {
  const socket = normalizeAddress(peer)
  let client = socket ?? 'unknown'
  // Without a socket address there is no trusted range to match (only app.request() in tests).
  if ((trust.kind === 'hops' && trust.hops === 0) || (trust.kind === 'ranges' && socket === undefined))
    return client
  const hops = (forwardedFor ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .reverse()
  for (let position = 0; position < hops.length; position++) {
    if (!isTrusted(trust, client, position)) break
    const next = normalizeAddress(hops[position])
    if (next === undefined) break
    client = next
  }
  return client
}

function socketPeer(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address
  } catch {
    return undefined // app.request() in tests has no socket
  }
}

/** The caller's address, for throttling, the session list and the audit log. */
export function clientAddress(c: Context, trust: ProxyTrust): string {
  if (trust.kind === 'hops' && trust.hops === 0) return normalizeAddress(socketPeer(c)) ?? 'unknown'
  return resolveClientAddress(socketPeer(c), c.req.header('x-forwarded-for'), trust)
}

/** Whether the hop that connected to us is a trusted proxy (whose own headers we may believe). */
export function peerIsTrustedProxy(c: Context, trust: ProxyTrust): boolean {
  if (trust.kind === 'hops') return trust.hops > 0
  const peer = normalizeAddress(socketPeer(c))
  return peer !== undefined && isTrusted(trust, peer, 0)
}
