import { describe, expect, expectTypeOf, it } from 'vitest'
import { z } from 'zod'
import { jsonWithEtag } from '../blobs/etag'
import { revalidatedJson } from './documented-headers'
import { type AnyRoute, defineRoute, type HandlerResult } from './route'

// defineRoute types a handler's result by the route's 2xx response schemas. These cases are checked by
// the compiler (npx tsc --noEmit): each @ts-expect-error marks a handler that must not compile, and
// fails the type check if it ever does.

const item = z.object({ id: z.string(), size: z.number() })
const created = z.object({ id: z.string(), created: z.literal(true) })
const base = { summary: 'test', tags: ['test'], access: 'public' as const }

describe('defineRoute handler types', () => {
  it('accepts the body of the 2xx schema, or a Response', () => {
    const routes: AnyRoute[] = [
      defineRoute({
        ...base,
        method: 'get',
        path: '/a',
        responses: { 200: { description: 'ok', schema: item }, 404: { description: 'none' } },
        handler: () => ({ id: 'x', size: 1 }),
      }),
      defineRoute({
        ...base,
        method: 'get',
        path: '/b',
        responses: { 200: { description: 'ok', schema: item } },
        handler: async (c) => c.json({ id: 'x', size: 1 }),
      }),
      defineRoute({
        ...base,
        method: 'get',
        path: '/c',
        responses: { 200: { description: 'ok', schema: item } },
        handler: (c) => c.body('raw', 200),
      }),
      defineRoute({
        ...base,
        method: 'delete',
        path: '/d',
        responses: { 204: { description: 'gone' } },
        handler: async () => undefined,
      }),
    ]
    expect(routes).toHaveLength(4)
  })

  it('refuses a body that does not match the 2xx schema', () => {
    const routes: AnyRoute[] = [
      defineRoute({
        ...base,
        method: 'get',
        path: '/wrong-field-type',
        responses: { 200: { description: 'ok', schema: item } },
        // @ts-expect-error size must be a number
        handler: () => ({ id: 'x', size: '1' }),
      }),
      defineRoute({
        ...base,
        method: 'get',
        path: '/missing-field',
        responses: { 200: { description: 'ok', schema: item } },
        // @ts-expect-error size is required
        handler: async () => ({ id: 'x' }),
      }),
      defineRoute({
        ...base,
        method: 'get',
        path: '/json-response',
        responses: { 200: { description: 'ok', schema: item } },
        // @ts-expect-error c.json() with the wrong body is checked too
        handler: (c) => c.json({ id: 1, size: 1 }),
      }),
      defineRoute({
        ...base,
        method: 'post',
        path: '/no-schema',
        responses: { 200: { description: 'ok' } },
        // @ts-expect-error without a JSON 2xx schema a handler answers with a Response
        handler: () => ({ ok: true }),
      }),
      defineRoute({
        ...base,
        method: 'post',
        path: '/not-204',
        responses: { 200: { description: 'ok', schema: item } },
        // @ts-expect-error nothing is no answer for a route without a 204
        handler: () => undefined,
      }),
    ]
    expect(routes).toHaveLength(5)
  })

  it('checks an answer revalidated by ETag against its schema too', () => {
    const routes: AnyRoute[] = [
      defineRoute({
        ...base,
        method: 'get',
        path: '/revalidated',
        responses: revalidatedJson('ok', item),
        handler: (c) => jsonWithEtag(c, { id: 'x', size: 1 }),
      }),
      defineRoute({
        ...base,
        method: 'get',
        path: '/revalidated-wrong',
        responses: revalidatedJson('ok', item),
        // @ts-expect-error size must be a number
        handler: (c) => jsonWithEtag(c, { id: 'x', size: '1' }),
      }),
    ]
    expect(routes).toHaveLength(2)
  })

  it('takes the union of several 2xx schemas and leaves out error answers', () => {
    type Result = HandlerResult<{
      200: { description: string; schema: typeof item }
      201: { description: string; schema: typeof created }
      400: { description: string; schema: z.ZodString }
    }>
    expectTypeOf<{ id: string; size: number }>().toExtend<Result>()
    expectTypeOf<{ id: string; created: true }>().toExtend<Result>()
    expectTypeOf<string>().not.toExtend<Result>()
    expectTypeOf<Response>().toExtend<Result>()
    expectTypeOf<undefined>().not.toExtend<Result>()
  })

  it('reads a response with another content type as no JSON body', () => {
    type Result = HandlerResult<{ 200: { description: string; schema: typeof item; contentType: string } }>
    expectTypeOf<{ id: string; size: number }>().not.toExtend<Result>()
  })
})
