import { MailCheck } from 'lucide-react'
import type { ReactNode } from 'react'

export interface CheckEmailNoticeProps {
  /** What was sent and to whom. */
  children: ReactNode
  /** What to do if nothing arrives (a resend button, a link back). */
  action?: ReactNode
}

/** The state after a form that sends a mail: what to look for, and what to do if it does not come. */
export function CheckEmailNotice({ children, action }: CheckEmailNoticeProps) {
  return (
    <div role="status" className="flex flex-col gap-4">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent-soft-fg">
          <MailCheck aria-hidden="true" className="size-5" />
        </span>
        <div className="flex flex-col gap-1 text-sm text-fg">
          <p className="text-base font-semibold">Check your e-mail</p>
          {children}
        </div>
      </div>
      {action}
    </div>
  )
}
