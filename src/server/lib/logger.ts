import pino, { type Logger } from 'pino'

/**
 * JSON logs. Secrets never reach a log line: these paths are redacted wherever they appear, and
 * request paths are logged without their query string (which can carry tokens) and with credentials
 * in the path itself, such as a signed download link's token, replaced (lib/http/route-template.ts).
 */
const REDACT = [
  'password',
  '*.password',
  'token',
  '*.token',
  'secret',
  '*.secret',
  'authorization',
  '*.authorization',
  'cookie',
  '*.cookie',
  'headers.cookie',
  'headers.authorization',
  '*.headers.cookie',
  '*.headers.authorization',
]

export function createLogger(options: { level: string; destination?: pino.DestinationStream }): Logger {
  return pino(
    {
      level: options.level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT, censor: '[redacted]' },
      formatters: { level: (label) => ({ level: label }) },
    },
    options.destination,
  )
}

export type { Logger }
