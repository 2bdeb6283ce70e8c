export { CodeBlock } from './CodeBlock';
export type { CodeBlockProps } from './CodeBlock';
export { CodeTabs } from './CodeTabs';
export type { CodeSnippet, CodeTabsProps } from './CodeTabs';
