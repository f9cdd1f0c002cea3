// Splits a customer's plain-text answer into what they wrote and the history their mail client
// quoted below it (decision 0128), so the thread shows the new words and folds the rest away. The
// shapes are those of the common clients: Gmail and Apple Mail ("On <date>, <name> wrote:", possibly
// wrapped over two lines, then "> " lines), Outlook ("From: … Sent: …" after a rule or a blank line,
// or "-----Original Message-----"), and bare "> " quoting.

export interface FoldedText {
  visible: string
  quoted: string | null
}

const ORIGINAL_MESSAGE = /^\s*-{2,}\s*(original message|forwarded message)\s*-{2,}\s*$/i
const OUTLOOK_RULE = /^\s*_{10,}\s*$/
const HEADER_LINE = /^\s*\*?(from|von|de)\s*:\*?\s+\S/i
const SENT_LINE = /^\s*\*?(sent|date|gesendet|envoyé)\s*:/i
const WROTE = /wrote:\s*$|schrieb:\s*$|a écrit\s*:\s*$/i

/** The index of the line where the quoted history starts, or -1. */
function quoteStart(lines: readonly string[]): number {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    if (ORIGINAL_MESSAGE.test(line) || OUTLOOK_RULE.test(line)) return i
    if (/^\s*On\s/i.test(line) || /^\s*(Am|Le)\s/.test(line)) {
      if (WROTE.test(line)) return i
      const next = lines[i + 1]
      if (next !== undefined && WROTE.test(next) && !next.startsWith('>')) return i
    }
    if (HEADER_LINE.test(line) && (i === 0 || lines[i - 1]!.trim() === '')) {
      if (lines.slice(i + 1, i + 4).some((l) => SENT_LINE.test(l))) return i
    }
    if (line.startsWith('>') && lines.slice(i).every((l) => l.trim() === '' || l.startsWith('>'))) return i
  }
  return -1
}

export function foldQuotedText(text: string): FoldedText {
  const lines = text.replace(/\r\n?/g, '\n').split('\n')
  const start = quoteStart(lines)
  if (start <= 0) {
    // A message that is nothing but quotes is shown as it is: folding it all would show nothing.
    return { visible: text.trim(), quoted: null }
  }
  const visible = lines.slice(0, start).join('\n').trim()
  const quoted = lines.slice(start).join('\n').trim()
  return { visible, quoted: quoted || null }
}
