// What the web's server build (src/web/entry-server.tsx) gives the server that serves it
// (src/server/lib/server-render/server-render.ts) for a public page it renders (decision 0110).

/** How the page asks for its data: the server's own app, in-process, with the visitor's cookie. */
export type PageFetch = (url: string, init: RequestInit) => Promise<Response>

export interface RenderedPage {
  /** 200, or 404 for an address no route knows (the not-found page). */
  status: number
  /** The page is its visitor's own (a share link's): answered `private, no-store`, never kept for another. */
  personal: boolean
  /**
   * What the page hands to the browser (its query cache, the prices as it wrote them) as JSON for a
   * <script type="application/json"> element, already escaped; whole once render()'s stream is back.
   */
  state(): string
  /** The page's data without the times it was fetched: the same data and address draw the same page. */
  content: string
  /** The id of that element. */
  stateId: string
  /** Renders the page: React's stream of HTML for inside #root. */
  render(options?: {
    signal?: AbortSignal
    onError?: (error: unknown) => void
  }): Promise<ReadableStream<Uint8Array>>
}

/** entry-server.tsx's renderPage: the page at the request's address, or undefined for one it does not render. */
export type RenderPage = (request: Request, fetch: PageFetch) => Promise<RenderedPage | undefined>
