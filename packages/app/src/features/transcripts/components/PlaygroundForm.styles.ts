import styled from 'styled-components';
import { Checkbox } from '@parlance/ui';

export const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
`;

export const Options = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  align-items: end;
`;

/** The file form's options: rows of at most three, so the second row lines up with the first. */
export const OptionRows = styled(Options)`
  grid-template-columns: repeat(
    auto-fill,
    minmax(max(200px, calc((100% - 2 * ${({ theme }) => theme.space[4]}) / 3)), 1fr)
  );
`;

/** A checkbox option: its label lines up with the labels of the fields beside it. */
export const Toggle = styled(Checkbox)`
  align-self: start;
`;

/** A field with a long hint: it keeps to the top of its row, as the checkboxes do. */
export const TopAligned = styled.div`
  align-self: start;
`;

export const Group = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
`;

export const GroupLabel = styled.span`
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  color: ${({ theme }) => theme.color.text};
`;
