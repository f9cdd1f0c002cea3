import { describe, expect, it } from 'vitest'
import {
  describeProxyTrust,
  normalizeAddress,
  type ProxyTrust,
  parseProxyTrust,
  resolveClientAddress,
} from './client-address'

const trust = (value: string): ProxyTrust => {
  const parsed = parseProxyTrust(value)
  if ('error' in parsed) throw new Error(parsed.error)
  return parsed
}

describe('parseProxyTrust', () => {
  it('reads no proxy, a number of hops, and true as one hop', () => {
    for (const none of [undefined, '', '  ', 'false', '0'])
      expect(parseProxyTrust(none)).toEqual({ kind: 'hops', hops: 0 })
    expect(parseProxyTrust('true')).toEqual({ kind: 'hops', hops: 1 })
    expect(parseProxyTrust('1')).toEqual({ kind: 'hops', hops: 1 })
    expect(parseProxyTrust('2')).toEqual({ kind: 'hops', hops: 2 })
  })

  it('reads a list of IPv4 and IPv6 addresses and ranges', () => {
    const parsed = trust(' 127.0.0.1, 10.0.0.0/8 ,::1,fd00::/8,::ffff:192.0.2.9 ')
    expect(parsed.kind).toBe('ranges')
    expect(describeProxyTrust(parsed)).toBe('127.0.0.1,10.0.0.0/8,::1,fd00::/8,192.0.2.9')
    expect(describeProxyTrust(trust('1'))).toBe('1 hop')
    expect(describeProxyTrust(trust('false'))).toBe('none')
  })

  it('names a bad entry instead of guessing', () => {
    for (const bad of [
      'yes',
      '10.0.0.0/33',
      '10.0.0.1/8/8',
      'fd00::/129',
      '10.0.0.300',
      'localhost',
      '-1',
      '33',
    ]) {
      const parsed = parseProxyTrust(bad)
      expect(parsed, bad).toHaveProperty('error')
    }
    expect(parseProxyTrust('127.0.0.1,nginx')).toEqual({ error: expect.stringContaining('"nginx"') })
  })
})

describe('normalizeAddress', () => {
  it('unwraps IPv4-mapped IPv6, brackets, ports and zones; refuses what is not an address', () => {
    expect(normalizeAddress('::ffff:127.0.0.1')).toBe('127.0.0.1')
    expect(normalizeAddress('::FFFF:10.1.2.3')).toBe('10.1.2.3')
    expect(normalizeAddress('[2001:DB8::1]:443')).toBe('2001:db8::1')
    expect(normalizeAddress('[::1]')).toBe('::1')
    expect(normalizeAddress('203.0.113.4:5678')).toBe('203.0.113.4')
    expect(normalizeAddress('fe80::1%eth0')).toBe('fe80::1')
    expect(normalizeAddress(' 198.51.100.1 ')).toBe('198.51.100.1')
    for (const bad of [undefined, '', 'unknown', 'evil.example', '1.2.3', '<script>']) {
      expect(normalizeAddress(bad)).toBeUndefined()
    }
  })
})

describe('resolveClientAddress', () => {
  const cases: [string, string | undefined, string | undefined, string, string][] = [
    // [TRUST_PROXY, socket peer, X-Forwarded-For, expected client, why]
    ['false', '192.0.2.1', '203.0.113.9', '192.0.2.1', 'no proxy: the header is ignored'],
    ['false', '::ffff:192.0.2.1', undefined, '192.0.2.1', 'a dual-stack socket address, as IPv4'],
    ['1', '127.0.0.1', '203.0.113.9', '203.0.113.9', 'one proxy appended the client'],
    ['1', '127.0.0.1', '6.6.6.6, 203.0.113.9', '203.0.113.9', 'a spoofed left-most entry is ignored'],
    ['1', '127.0.0.1', '6.6.6.6,7.7.7.7 , 203.0.113.9', '203.0.113.9', 'several spoofed entries'],
    ['1', '127.0.0.1', undefined, '127.0.0.1', 'a proxy that sent no header: the proxy itself'],
    ['1', '127.0.0.1', '', '127.0.0.1', 'an empty header'],
    ['2', '10.0.0.2', '6.6.6.6, 203.0.113.9, 10.0.0.1', '203.0.113.9', 'two proxies, one spoof'],
    ['2', '10.0.0.2', '203.0.113.9', '203.0.113.9', 'fewer entries than hops: the left-most'],
    ['true', '127.0.0.1', '6.6.6.6, 203.0.113.9', '203.0.113.9', 'true is one hop'],
    ['1', '127.0.0.1', 'not-an-ip', '127.0.0.1', 'garbage from the proxy never becomes the client'],
    ['2', '10.0.0.2', 'bogus, 10.0.0.1', '10.0.0.1', 'garbage behind two hops: the hop that passed it on'],
    ['1', '127.0.0.1', '[2001:db8::7]:1234', '2001:db8::7', 'an IPv6 entry with a port'],
    ['1', '127.0.0.1', '::ffff:203.0.113.9', '203.0.113.9', 'an IPv4-mapped entry'],
    ['127.0.0.1', '127.0.0.1', '6.6.6.6, 203.0.113.9', '203.0.113.9', 'a trusted proxy by address'],
    ['127.0.0.1', '::ffff:127.0.0.1', '203.0.113.9', '203.0.113.9', 'a trusted proxy on a dual-stack socket'],
    ['127.0.0.1', '192.0.2.50', '203.0.113.9', '192.0.2.50', 'an untrusted peer: its header is ignored'],
    [
      '127.0.0.1,10.0.0.0/8',
      '127.0.0.1',
      '6.6.6.6, 203.0.113.9, 10.1.2.3, 10.200.0.1',
      '203.0.113.9',
      'a chain of trusted proxies is walked through',
    ],
    [
      '127.0.0.1,10.0.0.0/8',
      '127.0.0.1',
      '10.9.9.9, 10.1.2.3',
      '10.9.9.9',
      'every hop trusted: the left-most entry',
    ],
    ['::1,fd00::/8', '::1', '2001:db8::5, fd00::2', '2001:db8::5', 'IPv6 proxies'],
    ['::1', '::1', '10.0.0.5', '10.0.0.5', 'an IPv6 proxy forwarding an IPv4 client'],
    [
      '10.0.0.0/8',
      '10.0.0.1',
      '6.6.6.6, 10.0.0.9, 198.51.100.3, 10.0.0.2',
      '198.51.100.3',
      'stops at the first untrusted from the right',
    ],
    ['10.0.0.0/8', undefined, '203.0.113.9', 'unknown', 'no socket address: no trusted peer'],
    ['1', undefined, '6.6.6.6, 203.0.113.9', '203.0.113.9', 'no socket address, one hop'],
  ]
  for (const [setting, peer, forwarded, expected, why] of cases) {
    it(`TRUST_PROXY=${setting}, peer ${peer}, X-Forwarded-For "${forwarded}": ${why}`, () => {
      expect(resolveClientAddress(peer, forwarded, trust(setting))).toBe(expected)
    })
  }

  it('cannot be moved by a client who rotates what it writes in the header', () => {
    const seen = new Set<string>()
    for (let i = 0; i < 50; i++) {
      const forged = `10.${i}.0.1, 203.0.113.${i}, ${i % 2 ? '::1' : '127.0.0.1'}`
      seen.add(resolveClientAddress('127.0.0.1', `${forged}, 198.51.100.77`, trust('1')))
      seen.add(resolveClientAddress('127.0.0.1', `${forged}, 198.51.100.77`, trust('127.0.0.1')))
    }
    expect([...seen]).toEqual(['198.51.100.77'])
  })
})
