import styled from 'styled-components';

export const Panel = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
`;

export const Line = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
`;

export const Track = styled.div`
  height: ${({ theme }) => theme.space[2]};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.surfaceMuted};
  overflow: hidden;
`;

export const Fill = styled.div<{ $percent: number }>`
  width: ${({ $percent }) => $percent}%;
  height: 100%;
  background: ${({ theme }) => theme.color.primary};
  transition: width ${({ theme }) => theme.motion.normal} ${({ theme }) => theme.motion.easing};
`;
