// Editing the quote form's services list in the settings page: pure steps, so the rules (no blanks,
// no duplicates in any case, order kept) are tested without a browser. The server checks again.

export function addService(list: readonly string[], name: string): { list: string[]; error?: string } {
  const trimmed = name.trim()
  if (trimmed === '') return { list: [...list], error: 'Type a service name first.' }
  if (list.some((s) => s.toLowerCase() === trimmed.toLowerCase())) {
    return { list: [...list], error: `“${trimmed}” is already in the list.` }
  }
  return { list: [...list, trimmed] }
}

export function removeService(list: readonly string[], index: number): string[] {
  return list.filter((_, i) => i !== index)
}

/** Moves the service at `index` one place up (-1) or down (+1); out of range changes nothing. */
export function moveService(list: readonly string[], index: number, by: -1 | 1): string[] {
  const to = index + by
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return [...list]
  const next = [...list]
  ;[next[index], next[to]] = [next[to]!, next[index]!]
  return next
}

/** The server's messages for the services, wherever in the list they point (`body.services.2`). */
export function servicesErrors(fieldErrors: Record<string, string[]>): string | undefined {
  const messages = Object.entries(fieldErrors)
    .filter(([key]) => key === 'services' || key.startsWith('body.services'))
    .flatMap(([, list]) => list)
  return messages.length > 0 ? [...new Set(messages)].join(' ') : undefined
}
