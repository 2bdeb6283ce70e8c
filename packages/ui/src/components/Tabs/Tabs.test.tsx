import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../../test/render';
import { Tabs } from './Tabs';

const tabs = [
  { id: 'a', label: 'A', content: 'Panel A' },
  { id: 'b', label: 'B', content: 'Panel B' },
];

describe('Tabs', () => {
  it('links tabs and panels and shows only the selected panel', () => {
    renderWithTheme(<Tabs aria-label="T" tabs={tabs} />);
    const tab = screen.getByRole('tab', { name: 'A' });
    const panel = screen.getByRole('tabpanel', { name: 'A' });
    expect(tab).toHaveAttribute('aria-controls', panel.id);
    expect(panel).toHaveTextContent('Panel A');
    expect(screen.queryByText('Panel B')).toBeNull();
  });

  it('leaves a controlled selection to the parent', () => {
    const onChange = vi.fn();
    renderWithTheme(<Tabs aria-label="T" tabs={tabs} value="a" onChange={onChange} />);
    fireEvent.keyDown(screen.getByRole('tab', { name: 'A' }), { key: 'End' });
    expect(onChange).toHaveBeenCalledWith('b');
    expect(screen.getByRole('tab', { name: 'A' })).toHaveAttribute('aria-selected', 'true');
  });
});
