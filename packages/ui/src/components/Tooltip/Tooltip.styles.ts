import styled, { css } from 'styled-components';

export type TooltipPlacement = 'top' | 'bottom';

export const Anchor = styled.span`
  position: relative;
  display: inline-flex;
`;

const placements = {
  top: css`
    bottom: calc(100% + ${({ theme }) => theme.space[2]});
  `,
  bottom: css`
    top: calc(100% + ${({ theme }) => theme.space[2]});
  `,
};

export const Bubble = styled.span<{ $placement: TooltipPlacement }>`
  position: absolute;
  left: 50%;
  z-index: ${({ theme }) => theme.zIndex.dropdown};
  width: max-content;
  max-width: ${({ theme }) => theme.layout.tooltipMaxWidth};
  padding: ${({ theme }) => `${theme.space[1]} ${theme.space[2]}`};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.text};
  color: ${({ theme }) => theme.color.textInverse};
  box-shadow: ${({ theme }) => theme.shadow.md};
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  line-height: ${({ theme }) => theme.lineHeight.normal};
  text-align: center;
  transform: translateX(-50%);
  pointer-events: none;
  ${({ $placement }) => placements[$placement]}
  &[hidden] {
    display: none;
  }
`;
