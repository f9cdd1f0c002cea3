import { Fragment, type ReactNode } from 'react'
import { type BlockNode, type InlineNode, LINK_REL, parseMarkdown } from '../../../shared/markdown'
import { cn } from '../../lib/cn'

// A product description: the safe Markdown subset (src/shared/markdown.ts) rendered as React
// elements. Every string goes through React, which escapes it: there is no raw HTML path at all.

function Inline({ nodes }: { nodes: InlineNode[] }): ReactNode {
  return nodes.map((node, i) => inlineElement(node, `${node.kind}-${i}`))
}

function inlineElement(node: InlineNode, key: string): ReactNode {
  switch (node.kind) {
    case 'text':
      return <Fragment key={key}>{node.text}</Fragment>
    case 'break':
      return <br key={key} />
    case 'code':
      return (
        <code key={key} className="rounded bg-surface-muted px-1 py-0.5 font-mono text-sm">
          {node.text}
        </code>
      )
    case 'strong':
      return (
        <strong key={key}>
          <Inline nodes={node.children} />
        </strong>
      )
    case 'em':
      return (
        <em key={key}>
          <Inline nodes={node.children} />
        </em>
      )
    case 'link': {
      const web = !node.href.startsWith('mailto:')
      return (
        <a
          key={key}
          href={node.href}
          rel={LINK_REL}
          target={web ? '_blank' : undefined}
          className="text-accent-soft-fg underline underline-offset-2"
        >
          <Inline nodes={node.children} />
        </a>
      )
    }
  }
}

function Block({ block }: { block: BlockNode }) {
  switch (block.kind) {
    case 'paragraph':
      return (
        <p>
          <Inline nodes={block.children} />
        </p>
      )
    case 'heading': {
      const Heading = `h${block.level}` as 'h2' | 'h3' | 'h4'
      return (
        <Heading className="font-semibold text-fg">
          <Inline nodes={block.children} />
        </Heading>
      )
    }
    case 'list': {
      const List = block.ordered ? 'ol' : 'ul'
      return (
        <List className={cn('flex flex-col gap-1 pl-6', block.ordered ? 'list-decimal' : 'list-disc')}>
          {block.items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: list items have no identity but their place
            <li key={i}>
              <Inline nodes={item} />
            </li>
          ))}
        </List>
      )
    }
    case 'quote':
      return (
        <blockquote className="border-l-4 border-border pl-4 text-fg-muted">
          <Inline nodes={block.children} />
        </blockquote>
      )
    case 'codeBlock':
      return (
        <pre className="overflow-x-auto rounded-md bg-surface-muted p-3 font-mono text-sm">
          <code>{block.text}</code>
        </pre>
      )
    case 'rule':
      return <hr className="border-border" />
  }
}

export function MarkdownView({ source, className }: { source: string; className?: string }) {
  const blocks = parseMarkdown(source)
  return (
    <div className={cn('flex flex-col gap-3 leading-relaxed text-fg', className)}>
      {blocks.map((block, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks of one text have no identity but their place
        <Block key={i} block={block} />
      ))}
    </div>
  )
}
