import styled from 'styled-components';

export const Filters = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]};
  margin-bottom: ${({ theme }) => theme.space[4]};
  > :first-child {
    flex: 1 1 260px;
  }
  > :last-child {
    flex: 0 1 200px;
  }
`;

export const Footer = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-top: ${({ theme }) => theme.space[4]};
`;

/** Under a transcription's name: the server's sentence when not all of its audio was transcribed. */
export const RowNotice = styled.p`
  margin: ${({ theme }) => theme.space[1]} 0 0;
  max-width: 40ch;
  color: ${({ theme }) => theme.color.warning};
  font-size: ${({ theme }) => theme.fontSize.xs};
`;

/** Under a cell's value, muted: who sent the file, when its audio goes. */
export const RowDetail = styled.span`
  display: block;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.fontSize.xs};
`;
