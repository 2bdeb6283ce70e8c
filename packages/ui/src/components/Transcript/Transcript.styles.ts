import styled from 'styled-components';

export const TranscriptRoot = styled.section`
  position: relative;
  overflow-y: auto;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
`;

export const SegmentList = styled.ol`
  margin: 0;
  padding: ${({ theme }) => theme.space[2]};
  list-style: none;
`;

export const SegmentButton = styled.button`
  display: flex;
  align-items: baseline;
  gap: ${({ theme }) => theme.space[3]};
  width: 100%;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border: 0;
  border-radius: ${({ theme }) => theme.radius.md};
  background: transparent;
  color: ${({ theme }) => theme.color.text};
  font: inherit;
  text-align: start;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.color.surfaceMuted};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focusRing};
    outline-offset: -2px;
  }
  &[aria-current='true'] {
    background: ${({ theme }) => theme.color.primarySubtle};
    color: ${({ theme }) => theme.color.text};
  }
`;

export const Timestamp = styled.time`
  flex: none;
  font-family: ${({ theme }) => theme.font.mono};
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.color.primarySubtleText};
`;

export const SegmentText = styled.span`
  min-width: 0;
  overflow-wrap: anywhere;
`;

export const Speaker = styled.span`
  display: block;
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-weight: ${({ theme }) => theme.fontWeight.bold};
  color: ${({ theme }) => theme.color.textMuted};
`;

export const Word = styled.span`
  border-radius: ${({ theme }) => theme.radius.sm};
  &[data-active='true'] {
    background: ${({ theme }) => theme.color.primary};
    color: ${({ theme }) => theme.color.textOnPrimary};
  }
`;

export const LoadingLines = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[4]};
`;
