import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../../test/render';
import { DropdownMenu } from './DropdownMenu';

describe('DropdownMenu', () => {
  it('opens on ArrowDown onto the first item and chooses with Enter', async () => {
    const onSelect = vi.fn();
    renderWithTheme(
      <DropdownMenu
        label="Actions"
        items={[
          { label: 'Rename', onSelect },
          { label: 'Delete', onSelect: vi.fn() },
        ]}
      />,
    );
    const trigger = screen.getByRole('button', { name: 'Actions' });
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    expect(screen.getByRole('menuitem', { name: 'Rename' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledOnce();
    expect(trigger).toHaveFocus();
  });

  it('closes when Tab moves focus away', () => {
    renderWithTheme(
      <DropdownMenu label="Actions" defaultOpen items={[{ label: 'Rename', onSelect: vi.fn() }]} />,
    );
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Tab' });
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
