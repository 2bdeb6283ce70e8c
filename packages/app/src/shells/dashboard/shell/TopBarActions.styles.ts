import styled from 'styled-components';

export const User = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
`;

export const Name = styled.span`
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  color: ${({ theme }) => theme.color.text};
  ${({ theme }) => theme.media.mobile} {
    display: none;
  }
`;

/** On phones the label is read, not shown: the icon leaves room for the page title. */
export const PhoneHiddenLabel = styled.span`
  ${({ theme }) => theme.media.mobile} {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`;

export const SettingsLink = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
  svg {
    display: none;
  }
  ${({ theme }) => theme.media.mobile} {
    svg {
      display: inline;
    }
  }
`;
