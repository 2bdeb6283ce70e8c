import styled from 'styled-components';
import { CtaLink } from '../layout/CtaLink';
import { Container, Section } from './Section';

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: inherit;
  gap: ${({ theme }) => theme.space[3]};
`;

const Band = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[4]};
  padding: ${({ theme }) => theme.space[7]};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.primarySubtle};
  text-align: center;

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSize.xxl};
    line-height: ${({ theme }) => theme.lineHeight.tight};
  }

  p {
    margin: 0;
    max-width: 560px;
  }

  ${({ theme }) => theme.media.mobile} {
    padding: ${({ theme }) => theme.space[5]};
  }
`;

interface Target {
  to: string;
  label: string;
}

export interface CallToActionProps {
  id: string;
  title: string;
  text: string;
  primary: Target;
  secondary?: Target;
}

/** The closing band of a marketing page: a headline and one or two links. */
export function CallToAction({ id, title, text, primary, secondary }: CallToActionProps) {
  return (
    <Section aria-labelledby={id}>
      <Container>
        <Band>
          <h2 id={id}>{title}</h2>
          <p>{text}</p>
          <Actions>
            <CtaLink to={primary.to} $size="lg">
              {primary.label}
            </CtaLink>
            {secondary && (
              <CtaLink to={secondary.to} $size="lg" $variant="secondary">
                {secondary.label}
              </CtaLink>
            )}
          </Actions>
        </Band>
      </Container>
    </Section>
  );
}
