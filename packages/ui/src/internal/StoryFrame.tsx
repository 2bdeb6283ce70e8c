import type { ReactElement } from 'react';
import styled from 'styled-components';

/** Stories render full-bleed; this gives a component room and a readable width. */
export const StoryFrame = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[4]};
  max-width: 480px;
  padding: ${({ theme }) => theme.space[5]};
  & > * {
    max-width: 100%;
  }
`;

/** Story decorator: wraps the story in a StoryFrame. */
export function framed(Story: () => ReactElement) {
  return (
    <StoryFrame>
      <Story />
    </StoryFrame>
  );
}
