export interface BuildPart {
  output: string
  sources: string[]
}
export declare const BUILD_PARTS: Record<'web' | 'server', BuildPart>
export declare function newestMtime(target: string): number
export declare function staleParts(root: string, parts?: Record<string, BuildPart>): string[]
