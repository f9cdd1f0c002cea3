// A failure's description as it may be stored in `last_error` and logged: the error's code and
// message, with any known secret and any credentials inside a URL removed, on one short line.
// SMTP servers echo parts of the conversation in their errors, so the message is not trusted as is.

const MAX_LENGTH = 500

export function describeError(error: unknown, secrets: readonly string[] = []): string {
  const parts: string[] = []
  if (error && typeof error === 'object') {
    const { code, responseCode } = error as { code?: unknown; responseCode?: unknown }
    if (typeof code === 'string') parts.push(code)
    if (typeof responseCode === 'number') parts.push(String(responseCode))
  }
  parts.push(error instanceof Error ? error.message : String(error))
  let text = parts.join(' ').replace(/\s+/g, ' ').trim()
  for (const secret of secrets) if (secret) text = text.split(secret).join('[redacted]')
  text = text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^/\s@]*@/gi, '$1[redacted]@')
  return text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH - 1)}…` : text
}
