import type { ReactNode } from 'react';
import { CheckIcon, CopyIcon, WarningIcon } from '../../icons';
import { Field } from '../../internal/Field';
import { VisuallyHidden } from '../../styles/visuallyHidden';
import { Button } from '../Button';
import { useCopyToClipboard } from '../../hooks/useCopyToClipboard';
import { Row, ValueInput, Warning } from './CopyField.styles';

export interface CopyFieldProps {
  label: ReactNode;
  /** The secret or value to copy, e.g. a freshly created API key. */
  value: string;
  /** A caution under the field, e.g. "This key will not be shown again". */
  warning?: ReactNode;
  hint?: ReactNode;
  className?: string;
}

const labels = { idle: 'Copy', copied: 'Copied', failed: 'Copy failed' } as const;

/** A read-only value with a copy button (Clipboard API) and "Copied" feedback. */
export function CopyField({ label, value, warning, hint, className }: CopyFieldProps) {
  const { state, copy } = useCopyToClipboard();
  return (
    <Field label={label} hint={hint} className={className}>
      {(control) => (
        <>
          <Row>
            <ValueInput
              {...control}
              readOnly
              value={value}
              spellCheck={false}
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button
              variant="secondary"
              icon={state === 'copied' ? <CheckIcon /> : <CopyIcon />}
              onClick={() => void copy(value)}
            >
              {labels[state]}
            </Button>
          </Row>
          <VisuallyHidden role="status">
            {state === 'copied' ? 'Copied to clipboard' : ''}
          </VisuallyHidden>
          {warning && (
            <Warning>
              <WarningIcon aria-hidden="true" />
              {warning}
            </Warning>
          )}
        </>
      )}
    </Field>
  );
}
