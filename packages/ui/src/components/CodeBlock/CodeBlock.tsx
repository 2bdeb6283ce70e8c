import { CheckIcon, CopyIcon } from '../../icons';
import { CodeHeader, CodeRoot, CopyButton, LanguageLabel, Pre } from './CodeBlock.styles';
import { useCopyToClipboard } from '../../hooks/useCopyToClipboard';

export interface CodeBlockProps {
  code: string;
  /** Shown as the block's label, e.g. "bash" or "Python". */
  language: string;
  /** Names the code region for assistive technology (default "<language> code"); give it when a page shows several blocks in one language. */
  label?: string;
  copyable?: boolean;
  className?: string;
}

const copyLabels = { idle: 'Copy', copied: 'Copied', failed: 'Copy failed' } as const;

export function CodeBlock({ code, language, label, copyable = true, className }: CodeBlockProps) {
  const { state, copy } = useCopyToClipboard();
  return (
    <CodeRoot className={className}>
      <CodeHeader>
        <LanguageLabel>{language}</LanguageLabel>
        {copyable && (
          <CopyButton type="button" onClick={() => void copy(code)} aria-live="polite">
            {state === 'copied' ? <CheckIcon /> : <CopyIcon />}
            {copyLabels[state]}
          </CopyButton>
        )}
      </CodeHeader>
      <Pre tabIndex={0} role="region" aria-label={label ?? `${language} code`}>
        <code data-language={language}>{code}</code>
      </Pre>
    </CodeRoot>
  );
}
