import styled from 'styled-components';

/** Holds a chart or one of its states at the container's full width. */
export const Frame = styled.div`
  position: relative;
  width: 100%;
  min-width: 0;
  color: ${({ theme }) => theme.color.text};
  svg {
    display: block;
    overflow: visible;
  }
`;
