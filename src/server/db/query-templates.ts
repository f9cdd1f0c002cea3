import type { Compilable, CompiledQuery } from 'kysely'
import type { Db } from './db'

// Kysely builds, transforms (plugins) and compiles a query's tree on every call: on a folder listing
// that cost more CPU than SQLite spent running the statements. A query template is built and compiled
// once per shape and database, with named slots where the call's values go; each call then only puts
// its values into the compiled parameters and runs it. The SQL text is the same every time, so the
// prepared statement is reused too (statement-cache.ts).
//
// A build function must treat a slot as an opaque value: pass it to Kysely (a comparison, a limit, a
// `sql` parameter), never test or transform it, and never put one in a list (`in`). Anything that
// changes the SQL text (an optional filter, a sort direction, a null id) belongs in the shape key.
// Constants (booleans included) stay literal in the build, so plugins still transform them; a slot's
// value goes to the driver as given (no boolean in a slot, for SQLite).

class Slot {
  constructor(readonly name: string) {}
}

/** The slots a build function receives: each property stands for the call's value of that name. */
export type Slots<P> = { readonly [K in keyof P]: P[K] }

function slotsProxy<P extends object>(): Slots<P> {
  return new Proxy({} as Slots<P>, {
    get: (_target, name) => new Slot(String(name)) as never,
  })
}

interface Compiled {
  query: CompiledQuery
  /** For each parameter: the slot it takes its value from, or its constant value. */
  parameters: readonly ({ slot: string } | { value: unknown })[]
}

export interface QueryTemplate<P extends object, R> {
  /** Runs the shape `shape` (built by `build` the first time) with `values` in its slots. */
  rows(db: Db, shape: string, values: P): Promise<R[]>
}

/**
 * A family of compiled queries. `build(db, slots, shape)` returns the query for one shape; it is called
 * once per shape and database (the adapter and plugins decide the SQL, not the transaction).
 */
export function queryTemplate<P extends object, R>(
  build: (db: Db, slots: Slots<P>, shape: string) => Compilable<R>,
): QueryTemplate<P, R> {
  const byAdapter = new WeakMap<object, Map<string, Compiled>>()
  const compiledFor = (db: Db, shape: string): Compiled => {
    const adapter = db.getExecutor().adapter
    let shapes = byAdapter.get(adapter)
    if (!shapes) {
      shapes = new Map()
      byAdapter.set(adapter, shapes)
    }
    let compiled = shapes.get(shape)
    if (!compiled) {
      const query = build(db, slotsProxy<P>(), shape).compile()
      compiled = {
        query,
        parameters: query.parameters.map((p) => (p instanceof Slot ? { slot: p.name } : { value: p })),
      }
      shapes.set(shape, compiled)
    }
    return compiled
  }
  return {
    async rows(db, shape, values) {
      const { query, parameters } = compiledFor(db, shape)
      const given = values as Record<string, unknown>
      const filled = parameters.map((p) => ('slot' in p ? given[p.slot] : p.value))
      const result = await db.executeQuery<R>({ ...query, parameters: filled })
      return result.rows
    },
  }
}
