import { CircleCheck } from 'lucide-react'
import { type ReactNode, useEffect, useRef } from 'react'
import { Link } from 'react-router'
import { PageTitle } from '../../components/layout/page-title'
import { Button } from '../../components/ui/button'

/**
 * The page after a form was sent: says plainly that it arrived and what happens next. Focus moves to
 * its heading so screen readers announce it (the form it replaces is gone).
 */
export function SubmissionSuccess({
  title,
  message,
  children,
}: {
  title: string
  message: string
  /** Where to go next: links or buttons. */
  children?: ReactNode
}) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 py-10 text-center">
      <PageTitle title={title} />
      <span className="flex size-14 items-center justify-center rounded-full bg-accent-soft text-accent-soft-fg">
        <CircleCheck aria-hidden="true" className="size-7" />
      </span>
      <h1
        ref={heading}
        tabIndex={-1}
        className="text-3xl font-bold tracking-tight text-fg focus:outline-none"
      >
        {title}
      </h1>
      <p role="status" className="text-lg text-fg-muted">
        {message}
      </p>
      {children && <div className="mt-2 flex flex-wrap justify-center gap-3">{children}</div>}
    </section>
  )
}

/** The way out of a finished form or link: back to the home page. */
export function BackHomeButton() {
  return (
    <Button asChild variant="secondary">
      <Link to="/">Back to the home page</Link>
    </Button>
  )
}
