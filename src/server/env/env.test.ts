import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { EnvError, loadEnv } from '.'

const problemsOf = (vars: Record<string, string>) => {
  try {
    loadEnv(vars)
  } catch (error) {
    if (error instanceof EnvError) return error.problems
    throw error
  }
  return []
}

describe('loadEnv', () => {
  it('has defaults that run locally with nothing set', () => {
    const env = loadEnv({})
    expect(env.port).toBe(3000)
    expect(env.host).toBe('127.0.0.1')
    expect(env.dataDir).toBe(path.resolve('./data'))
    expect(env.database).toEqual({
      dialect: 'sqlite',
      file: path.resolve('./data/depot.sqlite'),
      threads: true,
    })
    expect(env.authUrl.origin).toBe('http://localhost:3000')
    expect(env.paystack).toBeUndefined() // the built-in emulator
    expect(env.shopCurrency).toBe('NGN')
  })

  it('switches to PostgreSQL for a postgres URL and keeps a file path as SQLite', () => {
    expect(loadEnv({ DATABASE_URL: 'postgres://u@h/db' }).database).toEqual({
      dialect: 'postgres',
      url: 'postgres://u@h/db',
    })
    expect(loadEnv({ DATABASE_URL: 'postgresql://u@h/db' }).database.dialect).toBe('postgres')
    expect(loadEnv({ DATA_DIR: '/tmp/d', DATABASE_URL: 'x.db' }).database).toEqual({
      dialect: 'sqlite',
      file: '/tmp/d/x.db',
      threads: true,
    })
  })

  it('runs SQLite without worker threads when SQLITE_THREADS is off, and refuses other values', () => {
    expect(loadEnv({ SQLITE_THREADS: 'off' }).database).toMatchObject({ dialect: 'sqlite', threads: false })
    expect(problemsOf({ SQLITE_THREADS: 'no' })).toEqual(['SQLITE_THREADS: must be on or off (got "no")'])
  })

  it('names each bad variable with what is wrong and what it got', () => {
    const problems = problemsOf({ PORT: 'eighty', SHOP_CURRENCY: 'naira', LOG_LEVEL: 'loud' })
    expect(problems).toHaveLength(3)
    expect(problems.find((p) => p.startsWith('PORT:'))).toContain('"eighty"')
    expect(problems.find((p) => p.startsWith('SHOP_CURRENCY:'))).toContain('ISO 4217')
    expect(problems.some((p) => p.startsWith('LOG_LEVEL:'))).toBe(true)
  })

  it('reads TRUST_PROXY as hops or trusted ranges, and names a bad entry', () => {
    expect(loadEnv({}).trustProxy).toEqual({ kind: 'hops', hops: 0 })
    expect(loadEnv({ TRUST_PROXY: 'true' }).trustProxy).toEqual({ kind: 'hops', hops: 1 })
    expect(loadEnv({ TRUST_PROXY: '127.0.0.1,10.0.0.0/8' }).trustProxy).toMatchObject({
      kind: 'ranges',
      ranges: ['127.0.0.1', '10.0.0.0/8'],
    })
    expect(problemsOf({ TRUST_PROXY: '10.0.0.0/8,proxy.internal' })).toEqual([
      expect.stringMatching(/^TRUST_PROXY: "proxy.internal" is not an IP address or CIDR range/),
    ])
  })

  it('refuses an unsupported database URL, half-configured groups and a short secret', () => {
    expect(problemsOf({ DATABASE_URL: 'mysql://h/db' })).toEqual([expect.stringMatching(/^DATABASE_URL:/)])
    expect(problemsOf({ OIDC_ISSUER: 'https://id.example' })).toEqual([
      expect.stringMatching(/^OIDC_CLIENT_ID: required/),
      expect.stringMatching(/^OIDC_CLIENT_SECRET: required/),
    ])
    expect(problemsOf({ AUTH_SECRET: 'short' })).toEqual([
      expect.stringMatching(/^AUTH_SECRET: must be at least 32/),
    ])
    expect(problemsOf({ AUTH_URL: 'not a url' })).toEqual([
      expect.stringMatching(/^AUTH_URL: must be a full URL/),
    ])
  })

  it('refuses unsafe settings in production', () => {
    const problems = problemsOf({ NODE_ENV: 'production', AUTH_URL: 'http://depot.example.com' })
    expect(problems).toEqual([
      expect.stringMatching(/^AUTH_SECRET: required in production/),
      expect.stringMatching(/^AUTH_URL: must be https/),
      expect.stringMatching(/^SMTP_URL: required in production/),
      expect.stringMatching(/^PAYSTACK_SECRET_KEY: required in production/),
    ])
  })

  it('accepts a safe production configuration', () => {
    const env = loadEnv({
      NODE_ENV: 'production',
      AUTH_URL: 'https://depot.example.com',
      AUTH_SECRET: 'x'.repeat(48),
      SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
      PAYSTACK_SECRET_KEY: 'sk_live_x',
      PAYSTACK_PUBLIC_KEY: 'pk_live_x',
    })
    expect(env.isProduction).toBe(true)
    expect(env.paystack?.baseUrl).toBe('https://api.paystack.co')
  })

  it('gives requests in flight 25 s to finish on shutdown unless SHUTDOWN_GRACE_SECONDS says otherwise', () => {
    expect(loadEnv({}).shutdownGraceMs).toBe(25_000)
    expect(loadEnv({ SHUTDOWN_GRACE_SECONDS: '90' }).shutdownGraceMs).toBe(90_000)
    expect(problemsOf({ SHUTDOWN_GRACE_SECONDS: '0' })).toEqual([
      expect.stringContaining('SHUTDOWN_GRACE_SECONDS'),
    ])
  })
})

describe('loadEnv: uploads and downloads', () => {
  it('caps uploads and customers’ storage at 10 GiB, with no nginx hand-off by default', () => {
    const env = loadEnv({})
    expect(env.uploads).toEqual({
      maxBytes: 10 * 1024 ** 3,
      userQuotaBytes: 10 * 1024 ** 3,
      expiryMs: 24 * 3_600_000,
    })
    expect(env.downloadAccelPrefix).toBeUndefined()
  })

  it('reads the size cap, the quota and the hand-off prefix', () => {
    const env = loadEnv({
      MAX_UPLOAD_BYTES: '1000',
      USER_QUOTA_BYTES: '5000',
      DOWNLOAD_ACCEL_PREFIX: '/_blobs/',
    })
    expect(env.uploads.maxBytes).toBe(1000)
    expect(env.uploads.userQuotaBytes).toBe(5000)
    expect(env.downloadAccelPrefix).toBe('/_blobs/')
    expect(loadEnv({ USER_QUOTA_BYTES: '' }).uploads.userQuotaBytes).toBe(10 * 1024 ** 3)
    expect(loadEnv({ USER_QUOTA_BYTES: '0' }).uploads.userQuotaBytes).toBeUndefined()
  })

  it('refuses a bad prefix, a negative size and the hand-off with S3', () => {
    expect(() => loadEnv({ DOWNLOAD_ACCEL_PREFIX: 'blobs' })).toThrow(/DOWNLOAD_ACCEL_PREFIX/)
    expect(() => loadEnv({ MAX_UPLOAD_BYTES: '-1' })).toThrow(/MAX_UPLOAD_BYTES/)
    expect(() => loadEnv({ DOWNLOAD_ACCEL_PREFIX: '/_blobs/', S3_BUCKET: 'depot' })).toThrow(
      /works with the disk driver only/,
    )
  })
})
