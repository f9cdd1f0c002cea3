import type { Rollup } from 'vite'
import { describe, expect, it } from 'vitest'
import { bootChunks } from './boot-preload'

const chunk = (fileName: string, imports: string[] = [], dynamicImports: string[] = []) =>
  ({ type: 'chunk', fileName, imports, dynamicImports }) as unknown as Rollup.OutputChunk

describe('the boot chunks index.html preloads', () => {
  it('are the chunks the entry imports dynamically and what they import, each once, never the entry', () => {
    const entry = chunk('assets/index.js', ['assets/theme.js'], ['assets/client.js', 'assets/start-app.js'])
    const bundle = {
      'assets/index.js': entry,
      'assets/theme.js': chunk('assets/theme.js'),
      'assets/client.js': chunk('assets/client.js', ['assets/react.js']),
      'assets/start-app.js': chunk(
        'assets/start-app.js',
        ['assets/react.js', 'assets/index.js'],
        ['assets/page.js'],
      ),
      'assets/react.js': chunk('assets/react.js'),
      'assets/page.js': chunk('assets/page.js'),
      'assets/style.css': { type: 'asset', fileName: 'assets/style.css' },
    } as unknown as Rollup.OutputBundle
    expect(bootChunks(entry, bundle)).toEqual(['assets/client.js', 'assets/react.js', 'assets/start-app.js'])
  })
})
