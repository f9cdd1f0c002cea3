import { LogIn } from 'lucide-react'
import { ComingSoon } from '../components/layout/coming-soon'

export function SignInPage() {
  return (
    <ComingSoon
      title="Sign in"
      icon={LogIn}
      description="Sign in to see your orders and downloads, and the folders shared with you."
    />
  )
}
