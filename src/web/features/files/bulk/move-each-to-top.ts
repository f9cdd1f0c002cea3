import type { ItemRef } from '../../../../shared/contract/files'
import type { BulkItemResult } from '../../../../shared/contract/files-responses'
import { errorMessage } from '../../../lib/api'
import { ApiError } from '../../../lib/api-error'
import { filesApi } from '../files-api'

/**
 * Moves folders to the top level one by one (the bulk endpoint needs a target folder), answering with
 * the same per-item results the bulk endpoints give.
 */
export async function moveEachToTop(items: ItemRef[]): Promise<{ results: BulkItemResult[] }> {
  return {
    results: await Promise.all(
      items.map(async (ref): Promise<BulkItemResult> => {
        try {
          await filesApi.move(ref, null)
          return { ...ref, status: 'ok', httpStatus: 200 }
        } catch (error) {
          return {
            ...ref,
            status: 'failed',
            httpStatus: error instanceof ApiError ? error.status : 0,
            code: error instanceof ApiError ? error.code : undefined,
            detail: errorMessage(error),
          }
        }
      }),
    ),
  }
}
