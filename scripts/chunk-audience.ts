import fs from 'node:fs/promises'
import path from 'node:path'
import type { Plugin, Rollup } from 'vite'

// Which of the built web app's chunks are the staff's: written at build time to dist/web-chunks.json
// (beside the web root, not served) so a browser test can tell that a shop visitor downloaded none of
// them (e2e/shop-performance.spec.ts, decision 0096).
//
// A page chunk is staff's when its page is one of STAFF_PAGES. Public chunks are the entry, every
// other page (and lazily loaded piece), and whatever those import statically; every chunk left is
// reachable only from staff pages, so it is staff code.
//
// The file manager's lazily loaded pieces count as its code, as STAFF_PAGES says: the PDF viewer
// (`files/pdf/pdf-viewer.tsx`, with PDF.js; decision 0137) is loaded only when a PDF is previewed, in
// the file manager or on a share link's page, and a shop visitor must never download it.

/** The staff, admin, dashboard and file manager pages (the PDF viewer among them), and the file manager's guard (a shared link's public page is not one). */
export const STAFF_PAGES =
  /src\/web\/(?:shell\/files-sign-in-guard|features\/(?:admin\/|dashboard\/|inbox-staff\/|staff\/|files\/(?!links\/shared-link-page)|site\/site-identity-page|shop\/(?:product-editor\/|orders\/staff-|customers\/)))/

export interface ChunkAudience {
  /** The entry chunk's file, as the HTML names it (`assets/index-….js`). */
  entry: string
  chunks: Record<string, { audience: 'public' | 'staff'; page: string | null; imports: string[] }>
}

export function chunkAudience(bundle: Rollup.OutputBundle, root: string): ChunkAudience {
  const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk')
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const page = (chunk: Rollup.OutputChunk) =>
    chunk.facadeModuleId ? path.relative(root, chunk.facadeModuleId).split(path.sep).join('/') : null
  const isStaffPage = (chunk: Rollup.OutputChunk) =>
    chunk.isDynamicEntry && STAFF_PAGES.test(page(chunk) ?? '')

  const publicFiles = new Set<string>()
  const visit = (file: string) => {
    if (publicFiles.has(file)) return
    publicFiles.add(file)
    for (const imported of byFile.get(file)?.imports ?? []) visit(imported)
  }
  for (const chunk of chunks)
    if (chunk.isEntry || (chunk.isDynamicEntry && !isStaffPage(chunk))) visit(chunk.fileName)

  const entry = chunks.find((chunk) => chunk.isEntry)
  if (!entry) throw new Error('The web build has no entry chunk')
  return {
    entry: entry.fileName,
    chunks: Object.fromEntries(
      chunks.map((chunk) => [
        chunk.fileName,
        {
          audience: publicFiles.has(chunk.fileName) ? 'public' : 'staff',
          page: page(chunk),
          imports: chunk.imports,
        },
      ]),
    ),
  }
}

export function writeChunkAudience(): Plugin {
  let outDir = ''
  let root = ''
  return {
    name: 'depot-chunk-audience',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
      root = path.resolve(config.root, '../..')
    },
    async writeBundle(_options, bundle) {
      const file = path.join(path.dirname(outDir), 'web-chunks.json')
      await fs.writeFile(file, `${JSON.stringify(chunkAudience(bundle, root), null, 2)}\n`)
    },
  }
}
