import { Tabs } from '../Tabs';
import { CodeBlock } from './CodeBlock';

export interface CodeSnippet {
  /** Tab label, e.g. "curl", "Node", "Python". */
  label: string;
  language: string;
  code: string;
}

export interface CodeTabsProps {
  snippets: readonly CodeSnippet[];
  /** Names the tab list, e.g. "Transcribe a file". */
  label: string;
  defaultIndex?: number;
  onTabChange?: (index: number) => void;
  className?: string;
}

/** One code sample in several languages: Tabs (arrow keys, Home, End) over CodeBlocks. */
export function CodeTabs({
  snippets,
  label,
  defaultIndex = 0,
  onTabChange,
  className,
}: CodeTabsProps) {
  return (
    <Tabs
      aria-label={label}
      className={className}
      defaultValue={snippets[defaultIndex]?.label}
      onChange={(id) => onTabChange?.(snippets.findIndex((snippet) => snippet.label === id))}
      tabs={snippets.map((snippet) => ({
        id: snippet.label,
        label: snippet.label,
        content: (
          <CodeBlock
            code={snippet.code}
            language={snippet.language}
            label={`${label}: ${snippet.label}`}
          />
        ),
      }))}
    />
  );
}
