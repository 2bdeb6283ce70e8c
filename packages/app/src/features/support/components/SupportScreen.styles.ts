import styled from 'styled-components';

export const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[5]};
  grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
  align-items: start;
  ${({ theme }) => theme.media.mobile} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

export const Question = styled.details`
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  padding: ${({ theme }) => theme.space[3]} 0;
  &:last-child {
    border-bottom: none;
  }
  summary {
    cursor: pointer;
    font-weight: ${({ theme }) => theme.fontWeight.medium};
    color: ${({ theme }) => theme.color.text};
  }
  summary:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focusRing};
    outline-offset: 2px;
  }
  p {
    margin: ${({ theme }) => theme.space[2]} 0 0;
    color: ${({ theme }) => theme.color.textMuted};
    line-height: ${({ theme }) => theme.lineHeight.normal};
  }
`;

export const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
`;
