import styled from 'styled-components';

/** A full-width band of a marketing page; `muted` alternates the background. */
export const Section = styled.section<{ $muted?: boolean }>`
  padding: ${({ theme }) => `${theme.space[8]} ${theme.space[5]}`};
  background: ${({ theme, $muted }) => ($muted ? theme.color.surface : 'transparent')};
  border-block: ${({ theme, $muted }) => ($muted ? `1px solid ${theme.color.border}` : 'none')};

  ${({ theme }) => theme.media.mobile} {
    padding: ${({ theme }) => `${theme.space[7]} ${theme.space[4]}`};
  }
`;

/** Centres content at the layout's maximum width. */
export const Container = styled.div`
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
`;

export const Heading = styled.header<{ $center: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  max-width: 720px;
  margin: ${({ $center }) => ($center ? '0 auto' : '0')};
  margin-bottom: ${({ theme }) => theme.space[6]};
  text-align: ${({ $center }) => ($center ? 'center' : 'left')};
`;

export const Eyebrow = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: ${({ theme }) => theme.fontWeight.bold};
  letter-spacing: 0.06em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.color.primary};
`;

export const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSize.xxl};
  line-height: ${({ theme }) => theme.lineHeight.tight};
`;

export const Lede = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSize.lg};
  color: ${({ theme }) => theme.color.textMuted};
`;
