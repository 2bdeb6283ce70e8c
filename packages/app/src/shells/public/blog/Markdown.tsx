import { CodeBlock } from '@parlance/ui';
import { parseInline, type Block, type Inline } from './markdown';
import { Prose } from './Blog.styles';
import { Link } from '../../../shared/RouterLink';

function Inlines({ nodes }: { nodes: Inline[] }) {
  return (
    <>
      {nodes.map((node, index) => {
        switch (node.type) {
          case 'text':
            return node.text;
          case 'code':
            return <code key={index}>{node.text}</code>;
          case 'strong':
            return (
              <strong key={index}>
                <Inlines nodes={node.children} />
              </strong>
            );
          case 'em':
            return (
              <em key={index}>
                <Inlines nodes={node.children} />
              </em>
            );
          case 'link':
            return node.href.startsWith('/') ? (
              <Link key={index} to={node.href}>
                <Inlines nodes={node.children} />
              </Link>
            ) : (
              <a key={index} href={node.href} target="_blank" rel="noopener noreferrer">
                <Inlines nodes={node.children} />
              </a>
            );
        }
      })}
    </>
  );
}

const text = (value: string) => <Inlines nodes={parseInline(value)} />;

function BlockView({ block }: { block: Block }) {
  switch (block.type) {
    case 'heading': {
      const Heading = `h${block.level}` as const;
      return <Heading>{text(block.text)}</Heading>;
    }
    case 'paragraph':
      return <p>{text(block.text)}</p>;
    case 'quote':
      return <blockquote>{text(block.text)}</blockquote>;
    case 'list': {
      const List = block.ordered ? 'ol' : 'ul';
      return (
        <List>
          {block.items.map((item, index) => (
            <li key={index}>{text(item)}</li>
          ))}
        </List>
      );
    }
    case 'code':
      return <CodeBlock language={block.language} code={block.code} />;
  }
}

/** A parsed post body as React elements: the text is never injected as HTML. */
export function Markdown({ blocks }: { blocks: Block[] }) {
  return (
    <Prose>
      {blocks.map((block, index) => (
        <BlockView key={index} block={block} />
      ))}
    </Prose>
  );
}
