import { act, fireEvent, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../../test/render';
import { CodeBlock } from './CodeBlock';
import { CodeTabs } from './CodeTabs';
import { transcribeSnippets } from './snippets.fixture';

const writeText = vi.fn<(text: string) => Promise<void>>();

beforeEach(() => {
  vi.useFakeTimers();
  writeText.mockReset().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => vi.useRealTimers());
// The dom project's files share one window: jsdom has no clipboard of its own to put back.
afterAll(() => Reflect.deleteProperty(navigator, 'clipboard'));

describe('CodeBlock', () => {
  it('shows the language and code in monospace, and copies it', async () => {
    renderWithTheme(<CodeBlock code="npm i parlance" language="bash" />);
    expect(screen.getByText('bash')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'bash code' })).toHaveTextContent('npm i parlance');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy' })));
    expect(writeText).toHaveBeenCalledWith('npm i parlance');
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it('says so when the clipboard refuses', async () => {
    writeText.mockRejectedValue(new Error('denied'));
    renderWithTheme(<CodeBlock code="x" language="bash" />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy' })));
    expect(screen.getByRole('button', { name: 'Copy failed' })).toBeInTheDocument();
  });
});

describe('CodeTabs', () => {
  it('switches snippets by click and arrow keys, wrapping around', () => {
    renderWithTheme(<CodeTabs snippets={transcribeSnippets} label="Examples" />);
    expect(screen.getByRole('tablist', { name: 'Examples' })).toBeInTheDocument();
    expect(screen.getByRole('tabpanel', { name: 'curl' })).toHaveTextContent('curl https://');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'curl' }), { key: 'ArrowLeft' });
    expect(screen.getByRole('tab', { name: 'Python' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Python' })).toHaveFocus();
    fireEvent.click(screen.getByRole('tab', { name: 'Node' }));
    expect(screen.getByRole('tabpanel', { name: 'Node' })).toHaveTextContent('FormData');
    expect(screen.getByRole('tab', { name: 'curl' })).toHaveAttribute('tabindex', '-1');
  });

  it('names each code region after the tab list and the tab, so two sets never clash', () => {
    renderWithTheme(<CodeTabs snippets={transcribeSnippets} label="Examples" />);
    expect(screen.getByRole('region', { name: 'Examples: curl' })).toHaveTextContent(
      'curl https://',
    );
  });
});
