import type { ReactNode } from 'react'
import { exportUrl } from '../../lib/url-state'
import { type AccessNeed, AccessProblem, accessProblemStatus } from '../auth/access-problem'
import { PageHeader } from '../layout/page-header'
import { PageTitle } from '../layout/page-title'
import { DataTable, type DataTableProps } from './data-table'

export interface TablePageProps<TData, Sort extends string, Filter extends string>
  extends Omit<DataTableProps<TData, Sort, Filter>, 'label'> {
  /** The page's title: its h1, the tab's title and the table's accessible name. */
  title: string
  description: ReactNode
  /** Who may see the list, said to a caller the server refuses (401 or 403). */
  access: { need: AccessNeed; action: string }
  /**
   * The list's endpoint: the CSV export button downloads `<endpoint>/export.csv` with exactly the
   * filters, search and sort on screen (an `exportHref` given instead wins). No export button
   * without either.
   */
  exportEndpoint?: string
  /** Between the header and the table: the inbox's tabs. */
  above?: ReactNode
  /** Below the table: the users page's invitations. */
  children?: ReactNode
}

/**
 * The one shape of every staff table page (product.md §6): the access answer when the server refuses
 * the list, the title and a line about it, then the data table with its search, filters, export,
 * selection and states. A page brings its columns, filters, wording and who it is for.
 */
export function TablePage<TData, Sort extends string, Filter extends string>({
  title,
  description,
  access,
  exportEndpoint,
  above,
  children,
  ...table
}: TablePageProps<TData, Sort, Filter>) {
  const denied = accessProblemStatus(table.result.error)
  if (denied) return <AccessProblem status={denied} need={access.need} action={access.action} />
  return (
    <>
      <PageTitle title={title} />
      <PageHeader title={title} description={description} />
      {above}
      <DataTable
        {...table}
        label={title}
        exportHref={table.exportHref ?? (exportEndpoint && exportUrl(exportEndpoint, table.state.state))}
      />
      {children}
    </>
  )
}
