import type { FormEvent } from 'react';
import type { ContactBody } from '@parlance/contract';
import { Alert, Button, Card, Textarea, TextField } from '@parlance/ui';
import { formText } from '../../../shared/formText';
import { SectionHeading } from '../components/Section';
import { Container, Section } from '../components/Section.styles';
import { ContactGrid, ContactForm as Form, Channels } from './ContactForm.styles';

export interface ContactFormProps {
  onSubmit: (message: ContactBody) => void;
  submitting?: boolean;
  /** The server's confirmation once the message is sent. */
  sent?: string;
  /** The server's message, or a fallback. */
  error?: string;
}

export function ContactForm({ onSubmit, submitting = false, sent, error }: ContactFormProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onSubmit({
      name: formText(form, 'name'),
      email: formText(form, 'email'),
      message: formText(form, 'message'),
    });
  };
  return (
    <Section aria-labelledby="contact-title">
      <Container>
        <SectionHeading
          as="h1"
          id="contact-title"
          eyebrow="Contact"
          title="Talk to the people who build Parlance"
          lede="Questions about the API, volume pricing or an invoice? Write to us and we will answer by email."
        />
        <ContactGrid>
          <Card>
            {sent ? (
              <Alert variant="success">{sent}</Alert>
            ) : (
              <Form onSubmit={submit} aria-label="Contact us" noValidate>
                <TextField label="Name" name="name" autoComplete="name" required />
                <TextField label="Email" name="email" type="email" autoComplete="email" required />
                <Textarea label="Message" name="message" rows={6} required />
                {error && <Alert variant="danger">{error}</Alert>}
                <div>
                  <Button type="submit" size="lg" loading={submitting}>
                    {submitting ? 'Sending…' : 'Send message'}
                  </Button>
                </div>
              </Form>
            )}
          </Card>
          <Channels>
            <li>
              <strong>Already a customer?</strong>
              <span>
                Sign in and use Support in the dashboard: we see your account and recent jobs.
              </span>
            </li>
            <li>
              <strong>Integrating the API?</strong>
              <span>
                The API docs have runnable examples for curl, Node.js, Python and the OpenAI SDKs.
              </span>
            </li>
            <li>
              <strong>Planning a large volume?</strong>
              <span>
                Tell us your monthly hours of audio and the models you need, and we will work out a
                rate.
              </span>
            </li>
          </Channels>
        </ContactGrid>
      </Container>
    </Section>
  );
}
