import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Alert, Button, Card, Textarea, TextField } from '@parlance/ui';
import { PageHeader, Stack } from '../shared/PageHeader';
import type { FormOutcome } from '../shared/formOutcome';
import { FAQ } from './faq';

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
  outcome: FormOutcome | null;
  /** Resolves true when the message was sent (the message field then clears). */
  onSend: (values: ContactValues) => Promise<boolean>;
}

const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[5]};
  grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
  align-items: start;
  ${({ theme }) => theme.media.mobile} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Question = styled.details`
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  padding: ${({ theme }) => theme.space[3]} 0;
  &:last-child {
    border-bottom: none;
  }
  summary {
    cursor: pointer;
    font-weight: ${({ theme }) => theme.fontWeight.medium};
    color: ${({ theme }) => theme.color.text};
  }
  summary:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focusRing};
    outline-offset: 2px;
  }
  p {
    margin: ${({ theme }) => theme.space[2]} 0 0;
    color: ${({ theme }) => theme.color.textMuted};
    line-height: ${({ theme }) => theme.lineHeight.normal};
  }
`;

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
`;

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
            {outcome && <Alert variant={outcome.tone}>{outcome.message}</Alert>}
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
