import { options, type VNode } from 'preact'

// The web build runs on Preact through preact/compat (vite.config.ts, decision 0101). The React
// behaviours our components rely on, which Preact 10 does not have, are added here:
//
// - `ref` as a prop. Our components take `ref` from their props and put it on their element (no
//   forwardRef); Preact keeps a ref on the component's own vnode instead. So the ref of every function
//   component moves into its props; a class component keeps it (its ref is the instance). compat's own
//   forwardRef and memo read the ref from their props, which is what compat's hook (run after this one)
//   would have moved there. Radix's `asChild` relies on it: the ref it puts on our Button must reach
//   the <button>.
// - `autoFocus` on an element that appears after the page loaded (a dialog's field, the second step
//   of a sign-in): React focuses it when it is attached; the browser's own autofocus does not. Preact
//   mounts a Radix portal's content a tick later than React, after a closing menu queued its focus
//   return to its trigger (a menu item that opens a dialog), so the element takes focus again once
//   that has run, unless it still has it.
// - An attribute Preact would set as a DOM property: `webkitdirectory=""` (a folder picker) is an
//   attribute for React, but Preact assigns the empty string to the boolean property, which turns it
//   off; it is given as true instead.

type ComponentType = ((...args: never[]) => unknown) & { prototype?: { render?: unknown } }
type Ref = ((node: Element | null) => unknown) | { current: Element | null } | null | undefined
type WithRef = Omit<VNode, 'ref'> & { ref?: Ref }

const focused = new WeakSet<Element>()

function focusOnAttach(own: Ref): Ref {
  return (node) => {
    if (node instanceof HTMLElement && !focused.has(node)) {
      focused.add(node)
      node.focus()
      setTimeout(() => {
        if (node.isConnected && document.activeElement !== node) node.focus()
      }, 0)
    }
    if (typeof own === 'function') return own(node)
    if (own) own.current = node
  }
}

const previous = options.vnode
options.vnode = (vnode: VNode) => {
  const type = vnode.type as unknown
  const withRef = vnode as unknown as WithRef
  const props = vnode.props as { ref?: Ref; autoFocus?: boolean; webkitdirectory?: unknown }
  if (typeof type === 'function' && withRef.ref != null) {
    const component = type as ComponentType
    if (!component.prototype?.render) {
      props.ref = withRef.ref
      withRef.ref = undefined
    }
  } else if (typeof type === 'string') {
    if (props.autoFocus) withRef.ref = focusOnAttach(withRef.ref)
    if (props.webkitdirectory === '') props.webkitdirectory = true
  }
  previous?.(vnode)
}
