import styled from 'styled-components';

export const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[4]};
`;

export const Figures = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[5]};
  margin: 0;

  div {
    display: grid;
    gap: ${({ theme }) => theme.space[1]};
  }
  dt {
    font-size: ${({ theme }) => theme.fontSize.xs};
    color: ${({ theme }) => theme.color.textMuted};
  }
  dd {
    margin: 0;
    font-family: ${({ theme }) => theme.font.mono};
    font-size: ${({ theme }) => theme.fontSize.sm};
    color: ${({ theme }) => theme.color.text};
  }
`;

export const Meter = styled.div`
  width: 160px;
  height: ${({ theme }) => theme.space[2]};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.surfaceMuted};
  overflow: hidden;
`;

export const MeterFill = styled.div.attrs<{ $level: number }>(({ $level }) => ({
  style: { transform: `scaleX(${$level})` },
}))`
  width: 100%;
  height: 100%;
  transform-origin: left;
  background: ${({ theme }) => theme.color.success};
`;

export const Phrases = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  padding: 0;
  list-style: none;
  max-height: 480px;
  overflow-y: auto;
`;

export const Phrase = styled.li<{ $partial?: boolean }>`
  display: grid;
  grid-template-columns: 3.5em 1fr;
  gap: ${({ theme }) => theme.space[3]};
  line-height: ${({ theme }) => theme.lineHeight.normal};
  color: ${({ theme, $partial }) => ($partial ? theme.color.textMuted : theme.color.text)};
  font-style: ${({ $partial }) => ($partial ? 'italic' : 'normal')};
`;

export const Time = styled.span`
  font-family: ${({ theme }) => theme.font.mono};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-style: normal;
  color: ${({ theme }) => theme.color.textMuted};
  padding-top: 0.15em;
`;
