import { useState, type FormEvent } from 'react';
import { Button, Card, Textarea, TextField } from '@parlance/ui';
import { PageHeader } from '../../../shared/PageHeader';
import { Stack } from '../../../shared/PageHeader.styles';
import type { Outcome } from '../../../shared/outcome';
import { OutcomeAlert } from '../../../shared/OutcomeAlert';
import { FAQ } from './faq';
import { Columns, Form, Question } from './SupportScreen.styles';

export interface ContactValues {
  name: string;
  email: string;
  message: string;
}

export interface SupportScreenProps {
  /** Prefilled from the signed-in user. */
  name: string;
  email: string;
  sending: boolean;
  outcome: Outcome<string> | null;
  /** Resolves true when the message was sent (the message field then clears). */
  onSend: (values: ContactValues) => Promise<boolean>;
}

/** Answers to common questions, and a form that reaches a person. */
export function SupportScreen({
  name: initialName,
  email: initialEmail,
  sending,
  outcome,
  onSend,
}: SupportScreenProps) {
  const [name, setName] = useState(initialName);
  const [email, setEmail] = useState(initialEmail);
  const [message, setMessage] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await onSend({ name, email, message })) setMessage('');
  };

  return (
    <Stack>
      <PageHeader description="Answers to common questions, or write to us: a person replies within one business day." />
      <Columns>
        <Card title="Frequently asked questions">
          {FAQ.map(({ question, answer }) => (
            <Question key={question}>
              <summary>{question}</summary>
              <p>{answer}</p>
            </Question>
          ))}
        </Card>
        <Card title="Contact us">
          <Form onSubmit={submit} aria-label="Contact support">
            <TextField
              label="Name"
              value={name}
              onChange={(event) => setName(event.target.value)}
              autoComplete="name"
            />
            <TextField
              label="E-mail"
              type="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              autoComplete="email"
            />
            <Textarea
              label="Message"
              rows={6}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
            />
            {outcome && <OutcomeAlert outcome={outcome} />}
            <div>
              <Button type="submit" loading={sending}>
                Send message
              </Button>
            </div>
          </Form>
        </Card>
      </Columns>
    </Stack>
  );
}
