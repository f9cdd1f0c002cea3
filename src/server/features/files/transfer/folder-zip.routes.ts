import { idParamSchema } from '../../../../shared/contract/files-transfer'
import { zipDownloadResponse } from '../../../lib/blobs/zip-response'
import { defineRoute } from '../../../lib/http/route'
import { folderZipEntries } from './folder-zip.service'

export const folderZipRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/folders/:id/zip',
    summary: 'Downloads a folder as a streamed zip of what the caller can read (exact Content-Length)',
    tags: ['files'],
    access: 'signedIn',
    request: { params: idParamSchema },
    responses: {
      200: { description: 'A stored (uncompressed) zip, zip64 when large', contentType: 'application/zip' },
      404: { description: 'No such folder, trashed, or not visible to the caller' },
    },
    handler: async (c, { params }) => {
      const { name, entries } = await folderZipEntries(c.var.deps, c.var.caller, params.id)
      return zipDownloadResponse(name, entries, c.req.method)
    },
  }),
]
