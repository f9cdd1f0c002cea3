import {
  type KyselyPlugin,
  OperationNodeTransformer,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type ValueNode,
} from 'kysely'
import { BOOLEAN_COLUMNS } from './schema'

/**
 * SQLite has no boolean type: better-sqlite3 refuses JS booleans as parameters and returns 0/1.
 * This plugin makes SQLite behave like PostgreSQL for application code: booleans go in as 1/0 and
 * the known boolean columns come back as true/false (docs/decisions/0003).
 */
export class SqliteBooleanPlugin implements KyselyPlugin {
  readonly #transformer = new BooleanParameterTransformer()

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node)
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    for (const row of args.result.rows) {
      for (const column of BOOLEAN_COLUMNS) {
        const value = row[column]
        if (typeof value === 'number') row[column] = value !== 0
      }
    }
    return args.result
  }
}

class BooleanParameterTransformer extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    const transformed = super.transformValue(node)
    if (typeof transformed.value === 'boolean') return { ...transformed, value: transformed.value ? 1 : 0 }
    return transformed
  }

  // Multi-row inserts and `in (...)` lists of plain values arrive as one list node.
  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    const transformed = super.transformPrimitiveValueList(node)
    return {
      ...transformed,
      values: transformed.values.map((v) => (typeof v === 'boolean' ? (v ? 1 : 0) : v)),
    }
  }
}
