import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../../test/render';
import { SegmentedControl } from './SegmentedControl';

const options = [
  { value: 'a', label: 'A' },
  { value: 'b', label: 'B' },
];

describe('SegmentedControl', () => {
  it('wraps around with the arrow keys and does not re-select the current value', () => {
    const onChange = vi.fn();
    renderWithTheme(
      <SegmentedControl aria-label="Pick" options={options} value="a" onChange={onChange} />,
    );
    fireEvent.keyDown(screen.getByRole('radio', { name: 'A' }), { key: 'ArrowLeft' });
    expect(onChange).toHaveBeenCalledWith('b');
    fireEvent.click(screen.getByRole('radio', { name: 'A' }));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('keeps the first option reachable when nothing is selected', () => {
    renderWithTheme(
      <SegmentedControl
        aria-label="Pick"
        options={options}
        value={'z' as string}
        onChange={vi.fn()}
      />,
    );
    expect(screen.getByRole('radio', { name: 'A' })).toHaveAttribute('tabindex', '0');
  });
});
