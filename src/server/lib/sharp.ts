import type Sharp from 'sharp'

let loading: Promise<typeof Sharp> | undefined

/**
 * sharp (libvips) loaded on first use: it takes a noticeable part of a cold start and most requests
 * never resize an image.
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then((m) => m.default)
  return loading
}
