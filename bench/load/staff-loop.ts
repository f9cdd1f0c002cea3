import type { HttpClient } from './http-client'
import type { Recorder } from './recorder'
import type { LoopControl } from './user-loop'

// The staff member with AccessShop exporting the orders table as CSV again and again (each export is
// audited), a pause between two: a long streamed response beside everyone's short ones. It checks the
// export has a line per order plus the header.

export async function staffLoop(
  client: HttpClient,
  recorder: Recorder,
  token: string,
  orders: number,
  pauseMs: number,
  control: Pick<LoopControl, 'running'>,
): Promise<{ exports: number; rows: number }> {
  const headers = { Accept: 'text/csv', Authorization: `Bearer ${token}` }
  let exports = 0
  let rows = 0
  while (control.running()) {
    await recorder.time('orders CSV export (staff)', async () => {
      const got = await client.lines('/api/staff/orders/export.csv', headers)
      if (got.status !== 200) throw new Error(`GET /api/staff/orders/export.csv → ${got.status}`)
      if (got.lines < orders + 1)
        throw new Error(`the export had ${got.lines} lines for ${orders} orders and a header`)
      exports++
      rows += got.lines - 1
    })
    await pause(pauseMs, control)
  }
  return { exports, rows }
}

/** Waits `ms`, or less when the run ends meanwhile: a long pause must not hold the run open. */
async function pause(ms: number, control: Pick<LoopControl, 'running'>): Promise<void> {
  const until = Date.now() + ms
  while (control.running() && Date.now() < until)
    await new Promise((resolve) => setTimeout(resolve, Math.min(250, until - Date.now())))
}
