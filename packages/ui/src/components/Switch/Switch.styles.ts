import styled from 'styled-components';

export const SwitchRoot = styled.div`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
`;

/** Track width is two thumbs; thumb size is space[4]. */
export const Track = styled.button`
  position: relative;
  flex: none;
  width: calc(${({ theme }) => theme.space[5]} + ${({ theme }) => theme.space[4]});
  height: ${({ theme }) => theme.space[5]};
  padding: 0;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.borderStrong};
  cursor: pointer;
  transition: background ${({ theme }) => `${theme.motion.fast} ${theme.motion.easing}`};
  &[aria-checked='true'] {
    background: ${({ theme }) => theme.color.primary};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focusRing};
    outline-offset: 2px;
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
`;

export const Thumb = styled.span`
  position: absolute;
  top: ${({ theme }) => theme.space[1]};
  left: ${({ theme }) => theme.space[1]};
  width: ${({ theme }) => theme.space[4]};
  height: ${({ theme }) => theme.space[4]};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.surface};
  box-shadow: ${({ theme }) => theme.shadow.sm};
  transition: transform ${({ theme }) => `${theme.motion.fast} ${theme.motion.easing}`};
  [aria-checked='true'] > & {
    transform: translateX(
      calc(${({ theme }) => theme.space[5]} - ${({ theme }) => theme.space[2]})
    );
  }
`;

export const SwitchLabel = styled.label`
  color: ${({ theme }) => theme.color.text};
  cursor: pointer;
`;
