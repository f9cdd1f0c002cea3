import { type LucideIcon, MoreHorizontal } from 'lucide-react'
import { Button } from '../../../components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu'

export type MenuAction = {
  label: string
  icon?: LucideIcon
  destructive?: boolean
} & (
  | { onSelect: () => void; download?: never }
  /** A link the browser downloads (the file's download address). */
  | { download: string; onSelect?: never }
)

/** A row's "⋯" menu; rendered only when the item allows at least one action. */
export function ItemMenu({ name, actions }: { name: string; actions: MenuAction[] }) {
  if (actions.length === 0) return null
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Actions for ${name}`} data-row-actions="">
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {actions.map(({ label, icon: Icon, destructive, onSelect, download }) => {
          const content = (
            <>
              {Icon && <Icon aria-hidden="true" className="size-4 shrink-0" />}
              {label}
            </>
          )
          return download ? (
            <DropdownMenuItem key={label} asChild>
              <a href={download} download>
                {content}
              </a>
            </DropdownMenuItem>
          ) : (
            <DropdownMenuItem key={label} destructive={destructive} onSelect={onSelect}>
              {content}
            </DropdownMenuItem>
          )
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
