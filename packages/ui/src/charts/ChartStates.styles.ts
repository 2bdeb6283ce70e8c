import styled from 'styled-components';
import { CHART_SIZE } from './chartStyles';

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

/**
 * Holds a chart's error or empty state at the chart's height, its message in the middle: the page
 * below stays where the loading state put it.
 */
export const StateFrame = styled(Frame)`
  display: grid;
  align-content: center;
  min-height: ${CHART_SIZE.height}px;
`;
