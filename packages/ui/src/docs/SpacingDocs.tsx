import type { ReactElement } from 'react';
import styled from 'styled-components';
import { lightTheme, tokens } from '../theme';
import { Code, DocFrame, Table } from './DocFrame';

const Bar = styled.span<{ $width: string }>`
  display: inline-block;
  width: ${({ $width }) => $width};
  height: ${({ theme }) => theme.space[3]};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.primary};
`;

const Box = styled.span<{ $radius?: string; $shadow?: string }>`
  display: inline-block;
  width: ${({ theme }) => theme.space[8]};
  height: ${({ theme }) => theme.space[7]};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme, $radius }) => $radius ?? theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  box-shadow: ${({ $shadow }) => $shadow ?? 'none'};
`;

function TokenRows({
  prefix,
  entries,
  render,
}: {
  prefix: string;
  entries: [string, string][];
  render: (value: string) => ReactElement;
}) {
  return (
    <>
      {entries.map(([name, value]) => (
        <tr key={name}>
          <td>
            <Code>
              {prefix}
              {name}
            </Code>
          </td>
          <td>
            <Code>{value}</Code>
          </td>
          <td>{render(value)}</td>
        </tr>
      ))}
    </>
  );
}

/** The spacing scale (theme.space[n]), radii and shadows. */
export function SpacingScale() {
  return (
    <DocFrame>
      <Table>
        <tbody>
          <TokenRows
            prefix="theme.space"
            entries={tokens.space.map((value, index) => [`[${index}]`, value])}
            render={(value) => <Bar $width={value} />}
          />
        </tbody>
      </Table>
    </DocFrame>
  );
}

export function RadiusAndShadow() {
  return (
    <DocFrame>
      <Table>
        <tbody>
          <TokenRows
            prefix="theme.radius."
            entries={Object.entries(tokens.radius)}
            render={(value) => <Box $radius={value} />}
          />
          <TokenRows
            prefix="theme.shadow."
            entries={Object.entries(lightTheme.shadow)}
            render={(value) => <Box $shadow={value} />}
          />
        </tbody>
      </Table>
    </DocFrame>
  );
}
