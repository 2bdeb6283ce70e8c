import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { darkTheme, lightTheme } from '../../theme';
import { renderWithTheme } from '../../test/render';
import { SpeakerChip } from './SpeakerChip';

const swatchOf = (name: string) => screen.getByText(name).previousElementSibling as HTMLElement;

describe('SpeakerChip', () => {
  it('shows the name, with the label in a decorative swatch', () => {
    renderWithTheme(<SpeakerChip label="B" name="Priya Raman" />);
    const swatch = swatchOf('Priya Raman');
    expect(swatch).toHaveTextContent('B');
    expect(swatch).toHaveAttribute('aria-hidden', 'true');
  });

  it('gives each label a colour of the theme in order, starting again after the last', () => {
    renderWithTheme(
      <>
        {['A', 'B', 'E'].map((label) => (
          <SpeakerChip key={label} label={label} name={`Speaker ${label}`} />
        ))}
      </>,
      { theme: darkTheme },
    );
    const [first, second] = darkTheme.color.chart;
    expect(swatchOf('Speaker A')).toHaveStyle({ backgroundColor: first });
    expect(swatchOf('Speaker B')).toHaveStyle({ backgroundColor: second });
    expect(darkTheme.color.chart).toHaveLength(4);
    expect(swatchOf('Speaker E')).toHaveStyle({ backgroundColor: first });
  });

  it('keeps a label’s colour whatever the speaker is called', () => {
    renderWithTheme(
      <>
        <SpeakerChip label="C" name="Speaker C" />
        <SpeakerChip label="C" name="Jordan" />
      </>,
    );
    expect(swatchOf('Jordan')).toHaveStyle({ backgroundColor: lightTheme.color.chart[2] });
    expect(swatchOf('Speaker C')).toHaveStyle({ backgroundColor: lightTheme.color.chart[2] });
  });
});
