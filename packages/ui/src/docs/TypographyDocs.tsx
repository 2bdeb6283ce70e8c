import { tokens } from '../theme';
import { Code, DocFrame, Table } from './DocFrame';

const sample = 'Transform audio into text with high accuracy';

/** The type scale (theme.fontSize), each size rendered in the body font. */
export function TypeScale() {
  return (
    <DocFrame>
      <Table>
        <thead>
          <tr>
            <th>Token</th>
            <th>Size</th>
            <th>Sample</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(tokens.fontSize).map(([name, size]) => (
            <tr key={name}>
              <td>
                <Code>theme.fontSize.{name}</Code>
              </td>
              <td>
                <Code>{size}</Code>
              </td>
              <td style={{ fontSize: size, lineHeight: tokens.lineHeight.tight }}>{sample}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </DocFrame>
  );
}

/** Font families and weights. */
export function FontTable() {
  return (
    <DocFrame>
      <Table>
        <thead>
          <tr>
            <th>Token</th>
            <th>Value</th>
            <th>Sample</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(tokens.font).map(([name, family]) => (
            <tr key={name}>
              <td>
                <Code>theme.font.{name}</Code>
              </td>
              <td>
                <Code>{family}</Code>
              </td>
              <td style={{ fontFamily: family }}>
                {name === 'mono' ? 'curl -F file=@call.mp3' : sample}
              </td>
            </tr>
          ))}
          {Object.entries(tokens.fontWeight).map(([name, weight]) => (
            <tr key={name}>
              <td>
                <Code>theme.fontWeight.{name}</Code>
              </td>
              <td>
                <Code>{weight}</Code>
              </td>
              <td style={{ fontWeight: weight }}>{sample}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </DocFrame>
  );
}
