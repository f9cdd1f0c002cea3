// How wide a product page shows its cover, for the <img sizes> the web renders and for the image
// preload the server puts in that page's HTML: the two must agree, or the browser fetches the picture
// twice (decision 0101).
export const PRODUCT_COVER_SIZES = '(min-width: 768px) 50vw, 100vw'

/** The cover's srcset: both sizes the server keeps, by their widths. */
export function productCoverSrcSet(cover: { small: string; large: string }): string {
  return `${cover.small} 400w, ${cover.large} 1200w`
}
