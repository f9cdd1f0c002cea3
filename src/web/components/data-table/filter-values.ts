/**
 * Typing a date fires a change for every digit of the year (0002, 0020, 0202, 2026); only a cleared
 * field or a plausible date is committed, so the table does not flicker through the first century.
 */
export function isCommittableDate(text: string): boolean {
  return text === '' || (/^\d{4}-\d{2}-\d{2}$/.test(text) && Number(text.slice(0, 4)) >= 1000)
}
