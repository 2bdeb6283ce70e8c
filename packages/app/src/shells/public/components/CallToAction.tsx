import { CtaLink } from '../layout/CtaLink';
import { Container, Section } from './Section.styles';
import { Actions, Band } from './CallToAction.styles';

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
