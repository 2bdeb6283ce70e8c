import styled from 'styled-components';

export const ContactGrid = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1.5fr) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[6]};
  align-items: start;

  ${({ theme }) => theme.media.mobile} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

export const ContactForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
`;

export const Channels = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[5]};
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space[1]};
    padding-left: ${({ theme }) => theme.space[4]};
    border-left: 3px solid ${({ theme }) => theme.color.primary};
  }

  span {
    color: ${({ theme }) => theme.color.textMuted};
  }
`;
