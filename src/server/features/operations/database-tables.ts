// The order a restore inserts in: referenced rows first, by the foreign keys between the tables
// (read by database-tables.repository.ts).

export interface ForeignKey {
  from: string
  fromColumn: string
  to: string
  toColumn: string
}

/** Tables ordered so that each comes after the tables it references (self-references aside). */
export function insertOrder(tables: readonly string[], keys: readonly ForeignKey[]): string[] {
  const known = new Set(tables)
  const ordered: string[] = []
  const done = new Set<string>()
  const visiting = new Set<string>()
  const visit = (table: string) => {
    if (done.has(table)) return
    if (visiting.has(table)) throw new Error(`Foreign keys form a cycle through table ${table}.`)
    visiting.add(table)
    for (const key of keys) if (key.from === table && key.to !== table && known.has(key.to)) visit(key.to)
    visiting.delete(table)
    done.add(table)
    ordered.push(table)
  }
  for (const table of [...tables].sort()) visit(table)
  return ordered
}

/**
 * Rows of a table that references itself (a folder's parent), ordered so that a referenced row
 * always comes before the rows naming it.
 */
export function orderSelfReferences(
  rows: Record<string, unknown>[],
  selfKeys: readonly ForeignKey[],
): Record<string, unknown>[] {
  if (selfKeys.length === 0) return rows
  const placed = new Map<string, Set<unknown>>(selfKeys.map((k) => [k.toColumn, new Set()]))
  const ordered: Record<string, unknown>[] = []
  let pending = rows
  while (pending.length > 0) {
    const next: Record<string, unknown>[] = []
    for (const row of pending) {
      const ready = selfKeys.every((k) => {
        const value = row[k.fromColumn]
        return (
          value === null ||
          value === undefined ||
          value === row[k.toColumn] ||
          placed.get(k.toColumn)!.has(value)
        )
      })
      if (!ready) {
        next.push(row)
        continue
      }
      ordered.push(row)
      for (const [column, values] of placed) values.add(row[column])
    }
    if (next.length === pending.length) {
      throw new Error(`${next.length} row(s) reference rows of their own table that are not in the backup.`)
    }
    pending = next
  }
  return ordered
}
