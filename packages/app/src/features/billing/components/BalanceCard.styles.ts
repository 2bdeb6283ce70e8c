import styled from 'styled-components';
import { Alert } from '@parlance/ui';

export const Balance = styled.dl`
  margin: 0 0 ${({ theme }) => theme.space[5]};
  dt {
    font-size: ${({ theme }) => theme.fontSize.sm};
    color: ${({ theme }) => theme.color.textMuted};
  }
  dd {
    margin: ${({ theme }) => theme.space[1]} 0 0;
    font-size: ${({ theme }) => theme.fontSize.display};
    font-weight: ${({ theme }) => theme.fontWeight.bold};
    line-height: ${({ theme }) => theme.lineHeight.tight};
    color: ${({ theme }) => theme.color.text};
  }
`;

export const OnHold = styled(Alert)`
  margin-bottom: ${({ theme }) => theme.space[4]};
`;

export const Form = styled.form`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[4]};
  max-width: 560px;
`;

/** The amount presets scroll sideways on narrow screens instead of overflowing the card. */
export const Presets = styled.div`
  overflow-x: auto;
`;

export const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space[3]};
  > :first-child {
    flex: 1 1 220px;
    min-width: 0;
  }
`;

export const Note = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;
