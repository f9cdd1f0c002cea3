import os from 'node:os'
import { formatTable } from './table'

// One summary line per measured figure and database, printed the same way by every benchmark that runs
// on both databases: the figure, its baseline measured beside it on the same database, their ratio,
// the goal, met or MISSED, and the load average when the figure was taken.

export interface GoalRow {
  database: string
  what: string
  figure: string
  /** The baseline's figure, measured in the same run on the same database ('' when the goal is absolute only). */
  baseline: string
  ratio: string
  goal: string
  /** undefined: a figure with no goal of its own. */
  met: boolean | undefined
  load: string
}

/** The 1-, 5- and 15-minute load averages, as `uptime` prints them. */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')
}

export const metText = (met: boolean | undefined) => (met === undefined ? '' : met ? 'met' : 'MISSED')

export function printGoalRows(rows: readonly GoalRow[]): void {
  console.log()
  console.log(
    formatTable(
      ['database', 'figure', 'value', 'baseline', 'ratio', 'goal', 'met', 'load'],
      rows.map((r) => [r.database, r.what, r.figure, r.baseline, r.ratio, r.goal, metText(r.met), r.load]),
    ),
  )
}
