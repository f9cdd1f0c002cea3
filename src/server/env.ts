import path from 'node:path'
import { z } from 'zod'
import { type ProxyTrust, parseProxyTrust } from './lib/http/client-address'

// The only module that reads process.env (architecture.md). Everything else receives the parsed `Env`.
// Every variable is listed in .env.example and in the README.

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v))

const booleanString = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v === 'true' || v === '1'))

const port = z.coerce
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535')

const url = (what: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? undefined : v))
    .refine((v) => v === undefined || URL.canParse(v), `must be a full URL (${what})`)

const wholeNumber = (min: number, max: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(min, `must be between ${min} and ${max}`)
    .max(max, `must be between ${min} and ${max}`)

const rawEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  WEB_ROOT: z.string().min(1).default('./dist/web'),
  DATABASE_URL: optionalString,
  SQLITE_THREADS: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_SECRET: optionalString,
  AUTH_URL: url('the public origin, e.g. https://depot.example.com'),
  TRUST_PROXY: optionalString,
  MAX_JSON_BODY_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  OIDC_ISSUER: url('the OpenID issuer'),
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_NAME: z.string().min(1).default('Single sign-on'),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  SMTP_URL: url('smtp://user:pass@host:587 or smtps://…'),
  MAIL_FROM: z.string().min(3).default('Depot <no-reply@localhost>'),
  BUSINESS_NAME: z.string().trim().min(1).max(100).default('Depot'),
  BUSINESS_ADDRESS: z.string().trim().max(300).optional(),
  S3_ENDPOINT: url('the S3-compatible endpoint'),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: booleanString(false),
  PAYSTACK_SECRET_KEY: optionalString,
  PAYSTACK_PUBLIC_KEY: optionalString,
  PAYSTACK_BASE_URL: url('the Paystack API base'),
  SHOP_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as NGN')
    .default('NGN'),
  INBOX_MIN_FILL_SECONDS: wholeNumber(0, 3600).default(3),
  INBOX_LIMIT_PER_IP: wholeNumber(1, 1_000_000).default(10),
  INBOX_LIMIT_PER_EMAIL: wholeNumber(1, 1_000_000).default(5),
  INBOX_LIMIT_WINDOW_MINUTES: wholeNumber(1, 7 * 24 * 60).default(60),
  TRASH_RETENTION_DAYS: wholeNumber(1, 3650).default(30),
  FILE_VERSIONS_KEPT: wholeNumber(0, 1000).default(10),
  NOTIFICATION_DIGEST_MINUTES: wholeNumber(5, 24 * 60).default(60),
  BLOB_ORPHAN_GRACE_HOURS: wholeNumber(1, 24 * 365).default(24),
  MAX_UPLOAD_BYTES: wholeNumber(0, Number.MAX_SAFE_INTEGER).default(10 * 1024 ** 3),
  // Customers' storage quota (docs/decisions/0046); 0: none. Staff and admins have none.
  USER_QUOTA_BYTES: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    wholeNumber(0, Number.MAX_SAFE_INTEGER).default(10 * 1024 ** 3),
  ),
  UPLOAD_EXPIRY_HOURS: wholeNumber(1, 24 * 365).default(24),
  METRICS_TOKEN: optionalString,
  INBOUND_IMAP_URL: url('imaps://user:pass@mail.example.com/INBOX'),
  INBOUND_REPLY_ADDRESS: optionalString,
  INBOUND_PROCESSED_FOLDER: optionalString,
  INBOUND_MAX_MESSAGE_BYTES: wholeNumber(1024, 1024 ** 3).default(10 * 1024 * 1024),
  INBOUND_POLL_SECONDS: wholeNumber(1, 24 * 3600).default(60),
  DOWNLOAD_ACCEL_PREFIX: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? undefined : v))
    .refine(
      (v) => v === undefined || /^\/[^\s]*\/$/.test(v),
      'must be an internal location path such as /_blobs/',
    ),
})

type RawEnv = z.infer<typeof rawEnvSchema>

export type Env = {
  nodeEnv: 'development' | 'production' | 'test'
  isProduction: boolean
  port: number
  host: string
  dataDir: string
  /** The built web app the server serves (npm run build writes it). */
  webRoot: string
  /** SQLite: `threads` false runs transactions and checkpoints on the main thread (SQLITE_THREADS=off). */
  database: { dialect: 'sqlite'; file: string; threads?: boolean } | { dialect: 'postgres'; url: string }
  logLevel: RawEnv['LOG_LEVEL']
  /** Undefined outside production means "generate one and keep it in DATA_DIR" (see auth-secret.ts). */
  authSecret: string | undefined
  authUrl: URL
  /** Which reverse proxies may name the client in X-Forwarded-For (lib/http/client-address.ts). */
  trustProxy: ProxyTrust
  maxJsonBodyBytes: number
  oidc: { issuer: string; clientId: string; clientSecret: string; name: string } | undefined
  google: { clientId: string; clientSecret: string } | undefined
  mail: { smtpUrl: string | undefined; from: string }
  /** What the site identity starts from until an admin saves it (features/site); address '' when unset. */
  business: { name: string; address: string }
  s3:
    | {
        endpoint: string | undefined
        region: string
        bucket: string
        accessKeyId: string | undefined
        secretAccessKey: string | undefined
        forcePathStyle: boolean
      }
    | undefined
  paystack: { secretKey: string; publicKey: string; baseUrl: string } | undefined
  shopCurrency: string
  /** Spam protection of the public forms (product.md §4): minimum fill time and rate limits. */
  inbox: { minFillSeconds: number; limitPerIp: number; limitPerEmail: number; limitWindowMs: number }
  /** Days a trash entry waits before the purge job deletes it for good (docs/decisions/0026). */
  trashRetentionDays: number
  /** A file's newest versions the retention purge always keeps; older ones go after trashRetentionDays (0088). */
  fileVersionsKept: number
  /** The shortest gap between two hourly notification digests to one person, in minutes (0143). */
  notificationDigestMinutes: number
  /** A blob no row names is deleted only once older than this (integrity check, docs/decisions/0067). */
  blobOrphanGraceHours: number
  /** Uploads (docs/decisions/0028): size cap, customers' quota (undefined: none; 0046), how long an unfinished one may wait. */
  uploads: { maxBytes: number; userQuotaBytes: number | undefined; expiryMs: number }
  /** nginx X-Accel-Redirect hand-off of downloads (disk driver only); undefined = Node streams them. */
  downloadAccelPrefix: string | undefined
  /** The bearer token GET /metrics asks for; undefined = no metrics endpoint (404). */
  metricsToken: string | undefined
  /** Customers' answers read from the business's mailbox (decision 0128); see inboundOf(). */
  inbound: InboundEnv
}

export interface InboundEnv {
  /** The mailbox to read; undefined: reading is off. */
  imap:
    | { secure: boolean; host: string; port: number; user: string; password: string; mailbox: string }
    | undefined
  /** inbox@biz.example: replies' Reply-To becomes inbox+<token>@biz.example; undefined: the support address. */
  replyAddress: string | undefined
  /** Where processed messages are moved; undefined: they are flagged \Seen and stay. */
  processedFolder: string | undefined
  /** A larger message is kept as a flagged entry with its headers only. */
  maxMessageBytes: number
  /** How often to look when the server offers no IDLE. */
  pollMs: number
}

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'EnvError'
  }
}

const MIN_SECRET_LENGTH = 32
const MIN_METRICS_TOKEN_LENGTH = 16

/** Parses a variables record (process.env by default). Throws EnvError with one line per bad variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const raw = parseRawEnv(source)
  const problems: string[] = []
  const dataDir = path.resolve(raw.DATA_DIR)
  const database = databaseOf(problems, raw, dataDir)
  const authUrl = new URL(raw.AUTH_URL ?? `http://localhost:${raw.PORT}`)
  const groups = variableGroups(problems, raw)
  const trustProxy = parseProxyTrust(raw.TRUST_PROXY)
  if ('error' in trustProxy) problems.push(`TRUST_PROXY: ${trustProxy.error}`)
  checkS3(problems, source, raw)
  if (raw.DOWNLOAD_ACCEL_PREFIX && raw.S3_BUCKET) {
    problems.push('DOWNLOAD_ACCEL_PREFIX: works with the disk driver only (unset it or S3_BUCKET)')
  }
  checkTokenLengths(problems, raw)
  const inbound = inboundOf(problems, raw)
  if (raw.NODE_ENV === 'production') checkProduction(problems, raw, authUrl, groups.paystack !== undefined)
  if (problems.length > 0 || 'error' in trustProxy) throw new EnvError(problems)
  return { ...assembleEnv(raw, { dataDir, database, authUrl, trustProxy, ...groups }), inbound }
}

const ADDRESS = /^[^\s@+]+@[^\s@]+\.[^\s@]+$/

/** INBOUND_*: the mailbox URL read apart (user, password, mailbox), the reply address checked. */
function inboundOf(problems: string[], raw: RawEnv): InboundEnv {
  const reply = raw.INBOUND_REPLY_ADDRESS?.trim()
  if (reply !== undefined && !ADDRESS.test(reply))
    problems.push('INBOUND_REPLY_ADDRESS: must be a plain address without "+", e.g. inbox@biz.example')
  return {
    imap: imapOf(problems, raw.INBOUND_IMAP_URL),
    replyAddress: reply,
    processedFolder: raw.INBOUND_PROCESSED_FOLDER?.trim() || undefined,
    maxMessageBytes: raw.INBOUND_MAX_MESSAGE_BYTES,
    pollMs: raw.INBOUND_POLL_SECONDS * 1000,
  }
}

function imapOf(problems: string[], value: string | undefined): InboundEnv['imap'] {
  if (value === undefined) return undefined
  const url = new URL(value)
  if (url.protocol !== 'imap:' && url.protocol !== 'imaps:') {
    problems.push('INBOUND_IMAP_URL: must be an imap:// or imaps:// URL')
    return undefined
  }
  if (!url.username || !url.password) {
    problems.push('INBOUND_IMAP_URL: must name the user and password (imaps://user:pass@host/INBOX)')
    return undefined
  }
  const secure = url.protocol === 'imaps:'
  const mailbox = decodeURIComponent(url.pathname.replace(/^\//, '')) || 'INBOX'
  return {
    secure,
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 993 : 143,
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    mailbox,
  }
}

/** The variables checked one by one against the schema: every bad one named, with what it held. */
function parseRawEnv(source: Record<string, string | undefined>): RawEnv {
  const parsed = rawEnvSchema.safeParse(source)
  if (parsed.success) return parsed.data
  throw new EnvError(
    parsed.error.issues.map((issue) => {
      const name = issue.path.join('.') || '(environment)'
      return `${name}: ${issue.message} (got ${JSON.stringify(source[name] ?? '')})`
    }),
  )
}

/** PostgreSQL for a postgres:// URL; otherwise a SQLite file, relative to DATA_DIR. */
function databaseOf(problems: string[], raw: RawEnv, dataDir: string): Env['database'] {
  const databaseUrl = raw.DATABASE_URL
  if (databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl)) return { dialect: 'postgres', url: databaseUrl }
  const threads = raw.SQLITE_THREADS === 'on'
  if (databaseUrl && /^[a-z][a-z0-9+.-]*:\/\//i.test(databaseUrl)) {
    problems.push('DATABASE_URL: must be a postgres:// URL or a SQLite file path')
    return { dialect: 'sqlite', file: '', threads }
  }
  return { dialect: 'sqlite', file: path.resolve(dataDir, databaseUrl ?? 'depot.sqlite'), threads }
}

/** The identity providers and Paystack: each configured by variables that go together. */
function variableGroups(problems: string[], raw: RawEnv): Pick<Env, 'oidc' | 'google' | 'paystack'> {
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

function checkTokenLengths(problems: string[], raw: RawEnv): void {
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
function checkProduction(problems: string[], raw: RawEnv, authUrl: URL, hasPaystack: boolean): void {
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

/** The checked variables as the Env the rest of the server reads. */
function assembleEnv(
  raw: RawEnv,
  checked: Pick<Env, 'dataDir' | 'database' | 'authUrl' | 'trustProxy' | 'oidc' | 'google' | 'paystack'>,
): Omit<Env, 'inbound'> {
  return {
    nodeEnv: raw.NODE_ENV,
    isProduction: raw.NODE_ENV === 'production',
    port: raw.PORT,
    host: raw.HOST,
    dataDir: checked.dataDir,
    webRoot: path.resolve(raw.WEB_ROOT),
    database: checked.database,
    logLevel: raw.LOG_LEVEL,
    authSecret: raw.AUTH_SECRET,
    authUrl: checked.authUrl,
    trustProxy: checked.trustProxy,
    maxJsonBodyBytes: raw.MAX_JSON_BODY_BYTES,
    oidc: checked.oidc,
    google: checked.google,
    mail: { smtpUrl: raw.SMTP_URL, from: raw.MAIL_FROM },
    business: { name: raw.BUSINESS_NAME, address: raw.BUSINESS_ADDRESS ?? '' },
    s3: raw.S3_BUCKET
      ? {
          endpoint: raw.S3_ENDPOINT,
          region: raw.S3_REGION,
          bucket: raw.S3_BUCKET,
          accessKeyId: raw.S3_ACCESS_KEY_ID,
          secretAccessKey: raw.S3_SECRET_ACCESS_KEY,
          forcePathStyle: raw.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    paystack: checked.paystack,
    shopCurrency: raw.SHOP_CURRENCY,
    inbox: {
      minFillSeconds: raw.INBOX_MIN_FILL_SECONDS,
      limitPerIp: raw.INBOX_LIMIT_PER_IP,
      limitPerEmail: raw.INBOX_LIMIT_PER_EMAIL,
      limitWindowMs: raw.INBOX_LIMIT_WINDOW_MINUTES * 60 * 1000,
    },
    trashRetentionDays: raw.TRASH_RETENTION_DAYS,
    fileVersionsKept: raw.FILE_VERSIONS_KEPT,
    notificationDigestMinutes: raw.NOTIFICATION_DIGEST_MINUTES,
    blobOrphanGraceHours: raw.BLOB_ORPHAN_GRACE_HOURS,
    uploads: {
      maxBytes: raw.MAX_UPLOAD_BYTES,
      userQuotaBytes: raw.USER_QUOTA_BYTES === 0 ? undefined : raw.USER_QUOTA_BYTES,
      expiryMs: raw.UPLOAD_EXPIRY_HOURS * 3_600_000,
    },
    downloadAccelPrefix: raw.DOWNLOAD_ACCEL_PREFIX,
    metricsToken: raw.METRICS_TOKEN,
  }
}

/**
 * S3 settings without S3_BUCKET would silently put blobs on the local disk instead: refuse that. The
 * key pair goes together (neither means the SDK's own chain: instance role, AWS_* variables).
 */
function checkS3(problems: string[], source: Record<string, string | undefined>, raw: RawEnv): void {
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
