import type { RawEnv } from './raw-env'

// The variables that only mean something together (identity providers, Paystack, S3), the tokens'
// lengths, and what production refuses to start without. Each check adds one line per problem.

/** The identity providers and Paystack, each set by variables that go together; undefined: not set. */
export interface VariableGroups {
  oidc: { issuer: string; clientId: string; clientSecret: string; name: string } | undefined
  google: { clientId: string; clientSecret: string } | undefined
  paystack: { secretKey: string; publicKey: string; baseUrl: string } | undefined
}

const MIN_SECRET_LENGTH = 32
const MIN_METRICS_TOKEN_LENGTH = 16

/** The identity providers and Paystack: each configured by variables that go together. */
export function variableGroups(problems: string[], raw: RawEnv): VariableGroups {
  const oidc = pickGroup(problems, 'OIDC', {
    OIDC_ISSUER: raw.OIDC_ISSUER,
    OIDC_CLIENT_ID: raw.OIDC_CLIENT_ID,
    OIDC_CLIENT_SECRET: raw.OIDC_CLIENT_SECRET,
  })
  const google = pickGroup(problems, 'Google sign-in', {
    GOOGLE_CLIENT_ID: raw.GOOGLE_CLIENT_ID,
    GOOGLE_CLIENT_SECRET: raw.GOOGLE_CLIENT_SECRET,
  })
  const paystack = pickGroup(problems, 'Paystack', {
    PAYSTACK_SECRET_KEY: raw.PAYSTACK_SECRET_KEY,
    PAYSTACK_PUBLIC_KEY: raw.PAYSTACK_PUBLIC_KEY,
  })
  return {
    oidc: oidc && {
      issuer: oidc.OIDC_ISSUER,
      clientId: oidc.OIDC_CLIENT_ID,
      clientSecret: oidc.OIDC_CLIENT_SECRET,
      name: raw.OIDC_NAME,
    },
    google: google && { clientId: google.GOOGLE_CLIENT_ID, clientSecret: google.GOOGLE_CLIENT_SECRET },
    paystack: paystack && {
      secretKey: paystack.PAYSTACK_SECRET_KEY,
      publicKey: paystack.PAYSTACK_PUBLIC_KEY,
      baseUrl: raw.PAYSTACK_BASE_URL ?? 'https://api.paystack.co',
    },
  }
}

export function checkTokenLengths(problems: string[], raw: RawEnv): void {
  if (raw.AUTH_SECRET !== undefined && raw.AUTH_SECRET.length < MIN_SECRET_LENGTH) {
    problems.push(
      `AUTH_SECRET: must be at least ${MIN_SECRET_LENGTH} characters (generate one with: openssl rand -base64 48)`,
    )
  }
  if (raw.METRICS_TOKEN !== undefined && raw.METRICS_TOKEN.length < MIN_METRICS_TOKEN_LENGTH) {
    problems.push(
      `METRICS_TOKEN: must be at least ${MIN_METRICS_TOKEN_LENGTH} characters (generate one with: openssl rand -hex 32)`,
    )
  }
}

/** What production refuses to start without: a secret, an https origin, real mail and real payments. */
export function checkProduction(problems: string[], raw: RawEnv, authUrl: URL, hasPaystack: boolean): void {
  if (raw.AUTH_SECRET === undefined) problems.push('AUTH_SECRET: required in production')
  if (raw.AUTH_URL === undefined) problems.push('AUTH_URL: required in production (the public https origin)')
  else if (authUrl.protocol !== 'https:') problems.push('AUTH_URL: must be https in production')
  if (!raw.SMTP_URL) {
    problems.push(
      'SMTP_URL: required in production (mail written to files, with links in the log, is for local runs)',
    )
  }
  if (!hasPaystack) {
    problems.push(
      'PAYSTACK_SECRET_KEY: required in production (the built-in Paystack emulator is for local runs only)',
    )
  }
}

/**
 * S3 settings without S3_BUCKET would silently put blobs on the local disk instead: refuse that. The
 * key pair goes together (neither means the SDK's own chain: instance role, AWS_* variables).
 */
export function checkS3(problems: string[], source: Record<string, string | undefined>, raw: RawEnv): void {
  if (!raw.S3_BUCKET) {
    const set = S3_SETTINGS.filter((name) => source[name]?.trim())
    if (set.length > 0)
      problems.push(`S3_BUCKET: required when other S3 variables are set (found ${set.join(', ')})`)
    return
  }
  if (raw.S3_ENDPOINT && !/^https?:\/\//i.test(raw.S3_ENDPOINT))
    problems.push('S3_ENDPOINT: must be an http:// or https:// URL')
  pickGroup(problems, 'S3 key', {
    S3_ACCESS_KEY_ID: raw.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: raw.S3_SECRET_ACCESS_KEY,
  })
}

/** Settings that only mean something with a bucket (region and path style have harmless defaults). */
const S3_SETTINGS = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const

/** A group of variables that only makes sense together: all set, or none. */
function pickGroup<K extends string>(
  problems: string[],
  label: string,
  values: Record<K, string | undefined>,
): Record<K, string> | undefined {
  const entries = Object.entries(values) as [K, string | undefined][]
  const missing = entries.filter(([, v]) => v === undefined).map(([k]) => k)
  if (missing.length === entries.length) return undefined
  if (missing.length > 0) {
    for (const name of missing) problems.push(`${name}: required when the other ${label} variables are set`)
    return undefined
  }
  return values as Record<K, string>
}
