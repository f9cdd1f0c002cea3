import { Mail } from 'lucide-react'
import { ComingSoon } from '../components/layout/coming-soon'

export function ContactPage() {
  return (
    <ComingSoon
      title="Contact"
      icon={Mail}
      description="Ask for a quote, send us a message, or get our free e-book by e-mail."
    />
  )
}
