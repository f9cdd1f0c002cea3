import type { UseQueryResult } from '@tanstack/react-query'
import { Fragment, createElement as h } from 'react'
// biome-ignore lint/style/noRestrictedImports: React's HTML renderer for this Node-only test, not src/server.
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api-error'
import { recordQueryState } from './record-query-state'

// The loading and failed states of a one-record page (an order, a customer), named for the record.

const query = (state: Partial<UseQueryResult<unknown>>) => state as UseQueryResult<unknown>
const html = (node: ReturnType<typeof recordQueryState>) => renderToStaticMarkup(h(Fragment, null, node))

describe('recordQueryState', () => {
  it('shows a labelled skeleton while the record loads', () => {
    expect(html(recordQueryState(query({ isPending: true }), 'customer'))).toContain(
      'role="status" aria-label="Loading the customer"',
    )
  })

  it('names the record and says what went wrong when it cannot be had', () => {
    const failed = query({
      isPending: false,
      isError: true,
      error: new ApiError({ status: 404, code: 'not_found', title: 'Not found', detail: 'No such order.' }),
    })
    const out = html(recordQueryState(failed, 'order'))
    expect(out).toContain('Order not available')
    expect(out).toContain('<h1')
    expect(out).toContain('No such order.')
  })

  it('gives way once the record is there', () => {
    expect(recordQueryState(query({ isPending: false, isError: false, data: {} }), 'order')).toBeUndefined()
  })
})
