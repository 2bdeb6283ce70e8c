import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, spyOn, userEvent, waitFor } from 'storybook/test';
import { CodeBlock } from './CodeBlock';
import { CodeTabs } from './CodeTabs';
import { transcribeSnippets } from './snippets.fixture';

const curl = transcribeSnippets[0]!;

const meta = {
  title: 'Display/CodeBlock',
  component: CodeBlock,
  args: { code: curl.code, language: curl.language },
  decorators: [(Story) => <div style={{ padding: '24px', maxWidth: '720px' }}>{Story()}</div>],
  beforeEach: () => {
    const spy = spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    return () => spy.mockRestore();
  },
} satisfies Meta<typeof CodeBlock>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('bash')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Copy' }));
    await expect(navigator.clipboard.writeText).toHaveBeenCalledWith(curl.code);
    await expect(canvas.getByRole('button', { name: 'Copied' })).toBeVisible();
  },
};

export const CopyFails: Story = {
  beforeEach: () => {
    const spy = spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    return () => spy.mockRestore();
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Copy failed' })).toBeVisible());
  },
};

export const NotCopyable: Story = { args: { copyable: false } };

export const LongLines: Story = {
  args: {
    language: 'json',
    code: JSON.stringify(
      {
        id: 'tr_01HZX3K9Q7',
        status: 'completed',
        text: 'Welcome to Parlance. This transcript line is deliberately long so the block scrolls horizontally instead of breaking the layout.',
      },
      null,
      2,
    ),
  },
};

const onTabChange = fn();
export const Tabs: Story = {
  render: () => (
    <CodeTabs snippets={transcribeSnippets} label="Transcribe a file" onTabChange={onTabChange} />
  ),
  play: async ({ canvas }) => {
    const curlTab = canvas.getByRole('tab', { name: 'curl' });
    await expect(curlTab).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(canvas.getByRole('tab', { name: 'Python' }));
    await expect(canvas.getByRole('tabpanel', { name: 'Python' })).toHaveTextContent(
      'requests.post',
    );
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'curl' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Node' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(onTabChange).toHaveBeenLastCalledWith(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Copy' }));
    await expect(navigator.clipboard.writeText).toHaveBeenCalledWith(transcribeSnippets[1]!.code);
  },
};
