import styled from 'styled-components';
import { darkTheme, lightTheme, palette } from '../theme';
import { Code, DocFrame, Grid, Table } from './DocFrame';

const Swatch = styled.span<{ $color: string }>`
  display: inline-block;
  width: ${({ theme }) => theme.space[7]};
  height: ${({ theme }) => theme.space[6]};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ $color }) => $color};
  vertical-align: middle;
`;

const Chip = styled.figure`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
  margin: 0;
  font-family: ${({ theme }) => theme.font.body};
  font-size: ${({ theme }) => theme.fontSize.sm};
  & > span:first-child {
    width: 100%;
    height: ${({ theme }) => theme.space[7]};
  }
`;

/** Every raw palette colour. Components never use these directly. */
export function PaletteGrid() {
  return (
    <DocFrame>
      <Grid>
        {Object.entries(palette).map(([name, value]) => (
          <Chip key={name}>
            <Swatch $color={value} />
            <strong>{name}</strong>
            <Code>{value}</Code>
          </Chip>
        ))}
      </Grid>
    </DocFrame>
  );
}

const toList = (value: string | readonly string[]) => (typeof value === 'string' ? [value] : value);

/** Semantic colours (theme.color.*) in the light and dark themes, side by side. */
export function SemanticColorTable() {
  return (
    <DocFrame>
      <Table>
        <thead>
          <tr>
            <th>Token</th>
            <th>Light</th>
            <th>Dark</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(lightTheme.color).map(([name, light]) => (
            <tr key={name}>
              <td>
                <Code>theme.color.{name}</Code>
              </td>
              {[light, darkTheme.color[name as keyof typeof darkTheme.color]].map(
                (value, column) => (
                  <td key={column}>
                    {toList(value).map((color) => (
                      <span key={color}>
                        <Swatch $color={color} /> <Code>{color}</Code>{' '}
                      </span>
                    ))}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </Table>
    </DocFrame>
  );
}
