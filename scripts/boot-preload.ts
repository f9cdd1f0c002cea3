import type { HtmlTagDescriptor, Plugin, Rollup } from 'vite'

// The web entry (src/web/main.tsx) is small and imports React DOM and the app afterwards, so the
// browser evaluates them in tasks of their own (decision 0152). Left alone, their download would
// start only once the entry had run; this names them in index.html with <link rel="modulepreload">
// (the chunks the entry imports dynamically, and what those import), so they download beside it.

export function bootChunks(entry: Rollup.OutputChunk, bundle: Rollup.OutputBundle): string[] {
  const files: string[] = []
  const visit = (file: string) => {
    const chunk = bundle[file]
    if (chunk?.type !== 'chunk' || file === entry.fileName || files.includes(file)) return
    files.push(file)
    for (const imported of chunk.imports) visit(imported)
  }
  for (const file of entry.dynamicImports) visit(file)
  return files
}

export function bootPreload(): Plugin {
  return {
    name: 'depot-boot-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx): HtmlTagDescriptor[] {
        if (!ctx.bundle || !ctx.chunk) return []
        return bootChunks(ctx.chunk, ctx.bundle).map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head',
        }))
      },
    },
  }
}
