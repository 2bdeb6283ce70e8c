import styled from 'styled-components';

export const Hero = styled.section`
  padding: ${({ theme }) => `${theme.space[8]} ${theme.space[5]} ${theme.space[7]}`};

  ${({ theme }) => theme.media.mobile} {
    padding: ${({ theme }) => `${theme.space[6]} ${theme.space[4]}`};
  }
`;

export const HeroGrid = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1.05fr) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[7]};
  align-items: center;
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;

  ${({ theme }) => theme.media.mobile} {
    grid-template-columns: minmax(0, 1fr);
    gap: ${({ theme }) => theme.space[6]};
  }
`;

export const HeroText = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[5]};
`;

export const HeroTitle = styled.h1`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSize.display};
  line-height: ${({ theme }) => theme.lineHeight.tight};
  letter-spacing: -0.02em;

  ${({ theme }) => theme.media.mobile} {
    font-size: ${({ theme }) => theme.fontSize.xxl};
  }
`;

export const HeroLede = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSize.lg};
  color: ${({ theme }) => theme.color.textMuted};
`;

export const FinePrint = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.color.textMuted};
`;

export const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space[5]};
  margin: 0;

  ${({ theme }) => theme.media.desktop} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }

  ${({ theme }) => theme.media.mobile} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

export const Figure = styled.div`
  display: flex;
  flex-direction: column-reverse;
  /* The main axis runs upwards: this keeps every figure at the top when the labels differ in length. */
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => theme.space[5]};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.background};

  dt {
    color: ${({ theme }) => theme.color.textMuted};
  }

  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSize.xxl};
    font-weight: ${({ theme }) => theme.fontWeight.bold};
    color: ${({ theme }) => theme.color.primary};
  }
`;

export const Method = styled.p`
  margin: ${({ theme }) => `${theme.space[5]} 0 0`};
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.color.textMuted};

  code {
    font-family: ${({ theme }) => theme.font.mono};
  }
`;

export const Steps = styled.ol`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space[5]};
  margin: 0;
  padding: 0;
  list-style: none;
  counter-reset: step;

  ${({ theme }) => theme.media.mobile} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

export const Step = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => theme.space[5]};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  counter-increment: step;

  &::before {
    content: counter(step);
    display: grid;
    place-items: center;
    width: 32px;
    height: 32px;
    border-radius: ${({ theme }) => theme.radius.pill};
    background: ${({ theme }) => theme.color.primarySubtle};
    color: ${({ theme }) => theme.color.primarySubtleText};
    font-weight: ${({ theme }) => theme.fontWeight.bold};
  }

  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSize.lg};
  }

  p {
    margin: 0;
    color: ${({ theme }) => theme.color.textMuted};
  }

  code {
    font-family: ${({ theme }) => theme.font.mono};
    font-size: ${({ theme }) => theme.fontSize.sm};
  }
`;

export const Split = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1.2fr);
  gap: ${({ theme }) => theme.space[7]};
  align-items: start;

  ${({ theme }) => theme.media.mobile} {
    grid-template-columns: minmax(0, 1fr);
    gap: ${({ theme }) => theme.space[5]};
  }
`;

export const Checklist = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    position: relative;
    padding-left: ${({ theme }) => theme.space[5]};
  }

  li::before {
    content: '✓';
    position: absolute;
    left: 0;
    color: ${({ theme }) => theme.color.success};
    font-weight: ${({ theme }) => theme.fontWeight.bold};
  }
`;
