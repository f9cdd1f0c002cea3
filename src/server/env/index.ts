import path from 'node:path'
import { type ProxyTrust, parseProxyTrust } from '../lib/http/client-address'
import { type InboundEnv, inboundOf } from './inbound-env'
import { EnvError, parseRawEnv, type RawEnv } from './raw-env'
import {
  checkProduction,
  checkS3,
  checkTokenLengths,
  type VariableGroups,
  variableGroups,
} from './variable-checks'

// The only module that reads process.env (architecture.md). Everything else receives the parsed `Env`.
// Every variable is listed in .env.example and in the README. The variables one by one are in
// raw-env.ts, the ones that go together in variable-checks.ts, the mailbox's in inbound-env.ts.

export { EnvError, type InboundEnv }

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
  /** How long a server-rendered page waits for its data before the shell is sent instead. */
  pageDataBudgetMs: number
  oidc: VariableGroups['oidc']
  google: VariableGroups['google']
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
  paystack: VariableGroups['paystack']
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
  /** How long a shutdown lets requests in flight finish before it cuts them off (process-signals.ts). */
  shutdownGraceMs: number
  /** Uploads (docs/decisions/0028): size cap, customers' quota (undefined: none; 0046), how long an unfinished one may wait. */
  uploads: { maxBytes: number; userQuotaBytes: number | undefined; expiryMs: number }
  /** nginx X-Accel-Redirect hand-off of downloads (disk driver only); undefined = Node streams them. */
  downloadAccelPrefix: string | undefined
  /** The bearer token GET /metrics asks for; undefined = no metrics endpoint (404). */
  metricsToken: string | undefined
  /** Customers' answers read from the business's mailbox (decision 0128); see inboundOf(). */
  inbound: InboundEnv
}

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
    pageDataBudgetMs: raw.PAGE_DATA_BUDGET_MS,
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
    shutdownGraceMs: raw.SHUTDOWN_GRACE_SECONDS * 1000,
    uploads: {
      maxBytes: raw.MAX_UPLOAD_BYTES,
      userQuotaBytes: raw.USER_QUOTA_BYTES === 0 ? undefined : raw.USER_QUOTA_BYTES,
      expiryMs: raw.UPLOAD_EXPIRY_HOURS * 3_600_000,
    },
    downloadAccelPrefix: raw.DOWNLOAD_ACCEL_PREFIX,
    metricsToken: raw.METRICS_TOKEN,
  }
}
