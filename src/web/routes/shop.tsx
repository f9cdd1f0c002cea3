import { ShoppingBag } from 'lucide-react'
import { ComingSoon } from '../components/layout/coming-soon'

export function ShopPage() {
  return (
    <ComingSoon
      title="Shop"
      icon={ShoppingBag}
      description="Browse our e-books, templates and courses, pay securely and download what you bought."
    />
  )
}
