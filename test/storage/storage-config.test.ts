import { describe, expect, it } from 'vitest'
import { EnvError, loadEnv } from '../../src/server/env'
import { createStorage } from '../../src/server/lib/storage'

// The S3_* variables of the operator contract, as env.ts checks them, and the driver they choose.

function problemsOf(vars: Record<string, string>): string[] {
  try {
    loadEnv(vars)
  } catch (error) {
    if (error instanceof EnvError) return error.problems
    throw error
  }
  return []
}

describe('storage configuration', () => {
  it('uses the local disk under DATA_DIR/blobs when no S3 variable is set', async () => {
    const env = loadEnv({ DATA_DIR: '/srv/depot-data' })
    expect(env.s3).toBeUndefined()
    const store = createStorage(env)
    expect(store.driver).toBe('disk')
    await store.close()
  })

  it('uses S3 when S3_BUCKET is set, with the rest of the S3 variables', async () => {
    const env = loadEnv({
      S3_BUCKET: 'depot',
      S3_ENDPOINT: 'https://s3.example.com',
      S3_REGION: 'eu-west-1',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret-example-value',
      S3_FORCE_PATH_STYLE: 'true',
    })
    expect(env.s3).toEqual({
      bucket: 'depot',
      endpoint: 'https://s3.example.com',
      region: 'eu-west-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret-example-value',
      forcePathStyle: true,
    })
    const store = createStorage(env)
    expect(store.driver).toBe('s3')
    await store.close()
  })

  it('accepts S3_BUCKET alone: AWS with the SDK credential chain (instance role)', () => {
    expect(loadEnv({ S3_BUCKET: 'depot' }).s3).toMatchObject({
      bucket: 'depot',
      region: 'us-east-1',
      endpoint: undefined,
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
    })
  })

  it('refuses S3 settings without S3_BUCKET, which would silently leave blobs on the local disk', () => {
    expect(problemsOf({ S3_ENDPOINT: 'https://s3.example.com', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' })).toEqual([
      'S3_BUCKET: required when other S3 variables are set (found S3_ENDPOINT, S3_ACCESS_KEY_ID)',
    ])
  })

  it('refuses half a key pair and names the missing half', () => {
    expect(problemsOf({ S3_BUCKET: 'depot', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' })).toEqual([
      'S3_SECRET_ACCESS_KEY: required when the other S3 key variables are set',
    ])
    expect(problemsOf({ S3_BUCKET: 'depot', S3_SECRET_ACCESS_KEY: 'secret-example-value' })).toEqual([
      'S3_ACCESS_KEY_ID: required when the other S3 key variables are set',
    ])
  })

  it('refuses an endpoint that is not http(s), without echoing it', () => {
    expect(problemsOf({ S3_BUCKET: 'depot', S3_ENDPOINT: 'ftp://user:pw@files.example.com' })).toEqual([
      'S3_ENDPOINT: must be an http:// or https:// URL',
    ])
  })

  it('never puts the secret key in a configuration message', () => {
    const secret = 'do-not-print-this-secret-value'
    const problems = problemsOf({ S3_SECRET_ACCESS_KEY: secret, S3_FORCE_PATH_STYLE: 'maybe' })
    expect(problems.length).toBeGreaterThan(0)
    expect(problems.join('\n')).not.toContain(secret)
  })
})
