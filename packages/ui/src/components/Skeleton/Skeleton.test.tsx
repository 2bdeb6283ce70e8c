import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../../test/render';
import { Skeleton } from './Skeleton';

describe('Skeleton', () => {
  it('is hidden from assistive technology and sized by its props', () => {
    const { container } = renderWithTheme(<Skeleton width="40%" height="2em" />);
    const block = container.querySelector('[data-skeleton]');
    expect(block).toHaveAttribute('aria-hidden', 'true');
    expect(block).toHaveStyle({ width: '40%', height: '2em' });
  });

  it('makes a circle as wide as it is tall', () => {
    const { container } = renderWithTheme(<Skeleton shape="circle" height="3em" />);
    expect(container.querySelector('[data-skeleton]')).toHaveStyle({ width: '3em', height: '3em' });
  });
});
