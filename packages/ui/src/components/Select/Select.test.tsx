import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../../test/render';
import { Select } from './Select';

describe('Select', () => {
  it('renders the options in a labelled native select', async () => {
    const onChange = vi.fn();
    renderWithTheme(
      <Select
        label="Range"
        placeholder="Pick one"
        defaultValue=""
        onChange={(e) => onChange(e.target.value)}
        options={[
          { value: '7d', label: '7 days' },
          { value: '30d', label: '30 days' },
        ]}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Range' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Pick one',
      '7 days',
      '30 days',
    ]);
    await userEvent.selectOptions(select, '30d');
    expect(onChange).toHaveBeenCalledWith('30d');
  });
});
