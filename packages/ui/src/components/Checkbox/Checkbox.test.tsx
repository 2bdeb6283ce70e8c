import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../../test/render';
import { Checkbox } from './Checkbox';

describe('Checkbox', () => {
  it('toggles when its label is clicked and describes itself with hint and error', async () => {
    renderWithTheme(<Checkbox label="Remember me" hint="For 30 days" error="Needed" />);
    const box = screen.getByRole('checkbox', { name: 'Remember me' });
    expect(box).toHaveAccessibleDescription('For 30 days Needed');
    await userEvent.click(screen.getByText('Remember me'));
    expect(box).toBeChecked();
  });
});
