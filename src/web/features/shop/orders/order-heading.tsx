import { PageHeader } from '../../../components/layout/page-header'
import { PageTitle } from '../../../components/layout/page-title'

/** An order page's title and heading, "Order <its name>", with a line about who it is for. */
export function OrderHeading({ name, description }: { name: string; description?: string }) {
  return (
    <>
      <PageTitle title={`Order ${name}`} />
      <PageHeader title={`Order ${name}`} description={description} />
    </>
  )
}
