import type { TrashEntry } from '../../../../shared/contract/files-responses'
import type { ParentTrashed } from './restore-choices'

/** The dialog the trash page has open, if any. */
export type TrashStep =
  | { kind: 'open'; entry: TrashEntry }
  | { kind: 'conflict'; entry: TrashEntry; choices: ParentTrashed }
  | { kind: 'pick'; entry: TrashEntry }
  | { kind: 'delete'; entry: TrashEntry }
  | { kind: 'empty' }
  | { kind: 'emptyMine' }
  | null
