import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { Plugin } from 'vite'

// Precompressed copies of the built web app's text files: `x.js.br` and `x.js.gz` beside `x.js`, made
// once at build time at the highest levels, so the server sends them as they are (lib/http/static-web.ts)
// and spends no CPU compressing per request.

const COMPRESSIBLE = /\.(?:html|js|mjs|css|json|svg|txt|webmanifest|ico|xml)$/i
/** Below this, the headers outweigh the saving. */
const MIN_BYTES = 1024

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/** Writes `.br` and `.gz` beside every compressible file under `dir` that compression makes smaller. */
export async function precompressDir(dir: string): Promise<number> {
  let written = 0
  for (const entry of await fs.readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue
    const file = path.join(entry.parentPath, entry.name)
    const bytes = await fs.readFile(file)
    if (bytes.length < MIN_BYTES) continue
    const [br, gz] = await Promise.all([
      brotli(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
      gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ])
    if (br.length < bytes.length) await fs.writeFile(`${file}.br`, br)
    if (gz.length < bytes.length) await fs.writeFile(`${file}.gz`, gz)
    written++
  }
  return written
}

/** Vite plugin: precompresses the output folder once the bundle is written. */
export function precompress(): Plugin {
  let outDir = ''
  return {
    name: 'depot-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    async closeBundle() {
      await precompressDir(outDir)
    },
  }
}
