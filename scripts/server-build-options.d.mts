import type { BuildOptions } from 'esbuild'

export function serverBuildOptions(outdir: string): BuildOptions
