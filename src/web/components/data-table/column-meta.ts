import type { RowData } from '@tanstack/react-table'

// What DataTable reads from a column definition's `meta`, typed for every table in the app.
declare module '@tanstack/react-table' {
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The column's name in the column menu (and for screen readers when the header is not text). */
    label?: string
    /** Classes for the column's header and cells, e.g. `text-right` or `w-32`. */
    className?: string
    /** This column names the row (a name, a reference number): its cells become row headers. */
    rowHeader?: boolean
  }
}
