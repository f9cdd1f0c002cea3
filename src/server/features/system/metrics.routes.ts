import { defineRoute } from '../../lib/http/route'

export const metricsRoutes = [
  defineRoute({
    method: 'get',
    path: '/metrics',
    summary: 'Prometheus metrics of this instance (text exposition format); 404 unless METRICS_TOKEN is set',
    tags: ['system'],
    access: 'metricsScraper',
    responses: {
      200: {
        description: 'Metrics in the Prometheus text format (version 0.0.4)',
        contentType: 'text/plain',
      },
    },
    handler: async (c) => {
      const { registry } = c.var.deps.metrics
      return c.body(await registry.metrics(), 200, {
        'Content-Type': registry.contentType,
        'Cache-Control': 'no-store',
      })
    },
  }),
]
