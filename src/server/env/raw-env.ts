import { z } from 'zod'

// Every variable the server reads, each checked on its own: its type, range and default. The rest of
// env/ checks the variables that go together and assembles the `Env` (index.ts).

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
  PAGE_DATA_BUDGET_MS: z.coerce.number().int().positive().default(750),
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
  SHUTDOWN_GRACE_SECONDS: wholeNumber(1, 3600).default(25),
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

export type RawEnv = z.infer<typeof rawEnvSchema>

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'EnvError'
  }
}

/** The variables checked one by one against the schema: every bad one named, with what it held. */
export function parseRawEnv(source: Record<string, string | undefined>): RawEnv {
  const parsed = rawEnvSchema.safeParse(source)
  if (parsed.success) return parsed.data
  throw new EnvError(
    parsed.error.issues.map((issue) => {
      const name = issue.path.join('.') || '(environment)'
      return `${name}: ${issue.message} (got ${JSON.stringify(source[name] ?? '')})`
    }),
  )
}
