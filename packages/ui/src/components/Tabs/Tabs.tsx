import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Panel, Tab, TabList } from './Tabs.styles';

export interface TabItem {
  id: string;
  label: ReactNode;
  content: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  /** Names the tab list. */
  'aria-label': string;
  tabs: readonly TabItem[];
  /** The selected tab's id, when the parent owns it. */
  value?: string;
  defaultValue?: string;
  onChange?: (id: string) => void;
  className?: string;
}

/**
 * The tabs pattern: one tab stop, Left/Right arrows (wrapping), Home and End move and select;
 * Tab moves on into the selected panel.
 */
export function Tabs({ tabs, value, defaultValue, onChange, className, ...aria }: TabsProps) {
  const id = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const [inner, setInner] = useState(defaultValue ?? tabs.find((t) => !t.disabled)?.id);
  const selected = value ?? inner;
  const enabled = tabs
    .map((tab, index) => (tab.disabled ? -1 : index))
    .filter((index) => index >= 0);

  const select = (index: number) => {
    const tab = tabs[index];
    if (!tab || tab.disabled) return;
    refs.current[index]?.focus();
    if (tab.id === selected) return;
    if (value === undefined) setInner(tab.id);
    onChange?.(tab.id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const at = enabled.indexOf(index);
    const targets: Record<string, number | undefined> = {
      ArrowRight: enabled[(at + 1) % enabled.length],
      ArrowLeft: enabled[(at - 1 + enabled.length) % enabled.length],
      Home: enabled[0],
      End: enabled.at(-1),
    };
    if (!(event.key in targets)) return;
    event.preventDefault();
    const target = targets[event.key];
    if (target !== undefined) select(target);
  };

  return (
    <div className={className}>
      <TabList role="tablist" aria-label={aria['aria-label']}>
        {tabs.map((tab, index) => {
          const isSelected = tab.id === selected;
          return (
            <Tab
              key={tab.id}
              ref={(el) => {
                refs.current[index] = el;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${tab.id}`}
              aria-selected={isSelected}
              aria-controls={`${id}-panel-${tab.id}`}
              tabIndex={isSelected ? 0 : -1}
              disabled={tab.disabled}
              onClick={() => select(index)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {tab.label}
            </Tab>
          );
        })}
      </TabList>
      {tabs.map((tab) => (
        <Panel
          key={tab.id}
          role="tabpanel"
          id={`${id}-panel-${tab.id}`}
          aria-labelledby={`${id}-tab-${tab.id}`}
          tabIndex={0}
          hidden={tab.id !== selected}
        >
          {tab.id === selected && tab.content}
        </Panel>
      ))}
    </div>
  );
}
