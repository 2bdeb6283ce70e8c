/** PII redaction of transcripts: what each policy finds, written or spoken, and what it leaves. */
import { PiiPolicy } from '@parlance/contract';
import { describe, expect, it } from 'vitest';
import {
  luhn,
  redactPartial,
  redactTexts,
  redactTranscript,
  redactWords,
  type Redaction,
} from '../src/transcription/redaction.js';

const ALL: Redaction = { policies: PiiPolicy.options, sub: 'entity_name' };
const redact = (text: string, redaction: Redaction = ALL) => redactTexts([text], redaction)[0];

describe('redaction', () => {
  it('checks card numbers with Luhn', () => {
    expect(luhn('4111111111111111')).toBe(true);
    expect(luhn('4111111111111112')).toBe(false);
    expect(luhn('79927398713')).toBe(true);
  });

  it('finds card numbers written in any grouping, or said', () => {
    expect(redact('Sure, it is 4111 1111 1111 1111.')).toBe('Sure, it is [CREDIT_CARD_NUMBER].');
    expect(redact('It is 4111-1111-1111-1111, thanks')).toBe('It is [CREDIT_CARD_NUMBER], thanks');
    expect(
      redact('my card is four one one one one one one one one one one one one one one one okay'),
    ).toBe('my card is [CREDIT_CARD_NUMBER] okay');
    expect(redact('the visa number is forty one eleven, double one eleven, 1111 1111 done')).toBe(
      'the visa number is [CREDIT_CARD_NUMBER] done',
    );
    // Without a cue, a 16-digit number is a card only when its check digit holds.
    expect(redact('Order 4111 1111 1111 1112 shipped')).toBe('Order 4111 1111 1111 1112 shipped');
    // With one, a misheard digit still hides the rest, as does a number run on.
    expect(redact('card number 4111 1111 1111 1112')).toBe('card number [CREDIT_CARD_NUMBER]');
    expect(redact(`My card number is ${'4-1-1-1-'.repeat(11)}1.`)).toBe(
      'My card number is [CREDIT_CARD_NUMBER].',
    );
  });

  it('reads cue words with "\'s", "my number", and a dash between groups', () => {
    expect(redact("My phone's 555 1234.")).toBe("My phone's [PHONE_NUMBER].");
    expect(redact('My number is 555 1234.')).toBe('My number is [PHONE_NUMBER].');
    expect(redact("It's 4111 – 1111 – 1111 – 1111.")).toBe("It's [CREDIT_CARD_NUMBER].");
    expect(redact('Call 555 - 123 - 4567 today')).toBe('Call [PHONE_NUMBER] today');
  });

  it('gives a number the first kind it could be that is asked for', () => {
    const phones: Redaction = { policies: ['phone_number'], sub: 'entity_name' };
    // 13 digits that pass Luhn, and a "+": a phone number when only those are asked for.
    expect(redact('Meine Nummer ist +49 1512 3456704.', phones)).toBe(
      'Meine Nummer ist [PHONE_NUMBER].',
    );
  });

  it('finds phone numbers, dictated in groups across what the other side says', () => {
    expect(redact('Call me on (555) 123-4567.')).toBe('Call me on [PHONE_NUMBER].');
    expect(redact('It is +44 20 7946 0958 there')).toBe('It is [PHONE_NUMBER] there');
    expect(redact('Phone number please. 1223247942. Okay.')).toBe(
      'Phone number please. [PHONE_NUMBER]. Okay.',
    );
    expect(
      redact('My phone number is 0 3 8. Yes, go ahead please. 3 0 1. Okay, what next? 6 1 8 7.'),
    ).toBe(
      'My phone number is [PHONE_NUMBER]. Yes, go ahead please. [PHONE_NUMBER]. Okay, what next? [PHONE_NUMBER].',
    );
    expect(redact('my mobile is oh seven seven double oh nine eight one two three four')).toBe(
      'my mobile is [PHONE_NUMBER]',
    );
  });

  it('leaves numbers that are not personal data', () => {
    for (const text of [
      // Times, prices, counts and years said near a cue word.
      "I'll call you at 10:30 tomorrow, or at 11:15.",
      'My phone died after 2 years, I paid 799 for it in 2021.',
      'Mobile sales were 1,500,000 in 2019, up 12.5% on $3.20 a unit.',
      'My account was opened in 2019 and has 12 transactions.',
      'I was born and raised in the city, since 2001.',
      'The band was born out of a 2012 jam session.',
      'Your reference number is 12345678.',
      'There are two people, at 7 in the evening, 2 at 19:00 on Sunday.',
      'Room 101 on the 3rd floor costs $1,250 for 14 nights.',
      'Oh, one of them is called the Pizza Hut.',
      'The phone is on the table and it cost 40 pounds.',
      'In 1984 about 300 million people lived there.',
    ])
      expect(redact(text)).toBe(text);
  });

  it('finds social security numbers, bank accounts and IBANs', () => {
    expect(redact('SSN 123-45-6789 on file')).toBe('SSN [US_SOCIAL_SECURITY_NUMBER] on file');
    expect(
      redact('my social security number is one two three four five six seven eight nine'),
    ).toBe('my social security number is [US_SOCIAL_SECURITY_NUMBER]');
    expect(redact('the account number is 12345678 and sort code 12-34-56.')).toBe(
      'the account number is [BANKING_INFORMATION] and sort code [BANKING_INFORMATION].',
    );
    expect(redact('Pay to GB82 WEST 1234 5698 7654 32 today')).toBe(
      'Pay to [BANKING_INFORMATION] today',
    );
    // A wrong check digit: not an IBAN.
    expect(redact('Pay to GB83 WEST 1234 5698 7654 32 today')).toBe(
      'Pay to GB83 WEST 1234 5698 7654 32 today',
    );
  });

  it('finds e-mail addresses, written or said', () => {
    // A workplace is not an address; a name that looks like one, or said to, is.
    for (const text of ['She works at Google.com now.', 'Order it online at amazon.com.'])
      expect(redact(text)).toBe(text);
    expect(redact('write to jo.smith at example.ru')).toBe('write to [EMAIL_ADDRESS]');
    expect(redact('Write to jo.smith@example.co.uk please')).toBe(
      'Write to [EMAIL_ADDRESS] please',
    );
    expect(redact('it is john dot smith at gmail dot com, thanks')).toBe(
      'it is [EMAIL_ADDRESS], thanks',
    );
    expect(redact('send it to anna at example.org.')).toBe('send it to [EMAIL_ADDRESS].');
    expect(redact('my email is at example.com.')).toBe('my email is [EMAIL_ADDRESS].');
    expect(redact('my email is johnatgmail.com.')).toBe('my email is [EMAIL_ADDRESS].');
    expect(redact('see example.com for more')).toBe('see example.com for more');
    expect(redact('We met at the station at noon.')).toBe('We met at the station at noon.');
    expect(redact('She is at example.com now')).toBe('She is at example.com now');
  });

  it('finds dates of birth, not other dates', () => {
    expect(redact('I was born on the 4th of July 1985, in Ohio')).toBe(
      'I was born on the [DATE_OF_BIRTH], in [LOCATION]',
    );
    expect(redact('date of birth twelve oh four nineteen eighty four')).toBe(
      'date of birth [DATE_OF_BIRTH]',
    );
    expect(redact('My birthday is 12/04/1990.')).toBe('My birthday is [DATE_OF_BIRTH].');
    expect(redact('The meeting is on the 4th of July 1985.')).toBe(
      'The meeting is on the 4th of July 1985.',
    );
  });

  it('finds names and places, with the number before a street and a postcode', () => {
    expect(redact('Hi, my name is John Smith and I live at 42 Baker Street, London NW1 6XE.')).toBe(
      'Hi, my name is [PERSON_NAME] and I live at [LOCATION], [LOCATION].',
    );
    expect(redact('the address is twenty two regent street cambridge')).toBe(
      'the address is [LOCATION]',
    );
    expect(redact("Yes, it's Sarah Johnson. Thank you, Sarah.")).toBe(
      "Yes, it's [PERSON_NAME]. Thank you, [PERSON_NAME].",
    );
    // What a number or an address took is not a name too.
    expect(redact('write to john dot smith at example dot com, Mr. Brown')).toBe(
      'write to [EMAIL_ADDRESS], [PERSON_NAME]',
    );
    for (const text of [
      'May I help you? Will you book a table for two?',
      'The order ships on Monday, in June.',
    ])
      expect(redact(text)).toBe(text);
    const names: Redaction = { policies: ['person_name'], sub: 'hash' };
    expect(redact('Anna lives in Paris.', names)).toBe('#### lives in Paris.');
  });

  it('finds a name spelled out after a name or after "spell" or "name is", letters alone not', () => {
    const names: Redaction = { policies: ['person_name'], sub: 'hash' };
    expect(redact('Could you spell it for me? Sure, the first name is C-H-E-R-Y-L.')).toBe(
      'Could you spell it for me? Sure, the first name is [PERSON_NAME].',
    );
    expect(redact('and my last name is t u r n e r okay')).toBe(
      'and my last name is [PERSON_NAME] okay',
    );
    expect(redact('This is Cheryl Turner, C.H.E.R.Y.L.')).toBe(
      'This is [PERSON_NAME], [PERSON_NAME].',
    );
    // A live stream's final cut inside a spelling: its letters so far, then the rest in the next.
    const spelling = { before: ['Could', 'you', 'spell', 'it?'], open: true };
    expect(redactTexts(['Sure, it is C H'], ALL, spelling)).toEqual(['Sure, it is [PERSON_NAME]']);
    expect(redactTexts(['Sure, C-H'], ALL, spelling)).toEqual(['Sure, [PERSON_NAME]']);
    expect(redactTexts(['The name is B.'], ALL, { before: [], open: true })).toEqual([
      'The name is [PERSON_NAME].',
    ]);
    expect(redactTexts(['Sure, C H -'], ALL, spelling)).toEqual(['Sure, [PERSON_NAME] -']);
    // Nothing is cut where no spelling was asked for (a name alone does not ask), nor in "a.m."
    // or a word "I".
    for (const [text, before, redacted] of [
      ['Plan B', [], 'Plan B'],
      ['Sarah moved to the U.S.', [], '[PERSON_NAME] moved to the U.S.'],
      ['John said it is O.K.', [], '[PERSON_NAME] said it is O.K.'],
      ['I told Mary to take vitamin C', [], 'I told [PERSON_NAME] to take vitamin C'],
      ['John is in group B', [], '[PERSON_NAME] is in group B'],
      ['Book it for 7 p.m.', ['spell', 'it'], 'Book it for 7 p.m.'],
      ['Yes, and I', ['spell', 'it'], 'Yes, and I'],
    ] as const)
      expect(redactTexts([text], ALL, { before, open: true })).toEqual([redacted]);
    expect(
      redactTexts(['E R Y L.'], ALL, { before: ['my', 'name', 'is', 'C', 'H'], open: true }),
    ).toEqual(['[PERSON_NAME].']);
    expect(redact('My name is S M I T H. I live in the north.', names)).toBe(
      'My name is # # # # #. I live in the north.',
    );
    for (const text of [
      'I, I, I think so.',
      'Plan A B C is the one we want.',
      'It came from the U-S-A last year.',
      'my name is on a list',
      'the file name is a P D F',
      'Send it A.S.A.P., please.',
    ])
      expect(redact(text)).toBe(text);
  });

  it('in a live stream, hides capitalized words inside a sentence when names are asked for', () => {
    const names: Redaction = { policies: ['person_name', 'location'], sub: 'entity_name' };
    // A name not yet said to its end: the tagger may not know it, its capital gives it away.
    expect(redactPartial('Thank you. My name is Dav', names, [])).toBe('Thank you. My name is ###');
    expect(redactPartial('Hi, this is Sarah Jo', names, [])).toBe('Hi, this is [PERSON_NAME]');
    expect(redactPartial('I think it is fine. Yes.', names, [])).toBe('I think it is fine. Yes.');
    // Without those policies, capitals stay.
    expect(redactPartial('My name is Dav', { policies: ['phone_number'], sub: 'hash' }, [])).toBe(
      'My name is Dav',
    );
  });

  it('redacts only the policies asked for, with # per character by default', () => {
    const cardOnly: Redaction = { policies: ['credit_card_number'], sub: 'hash' };
    expect(redact('card 4111-1111-1111-1111, phone (555) 123-4567', cardOnly)).toBe(
      'card ####-####-####-####, phone (555) 123-4567',
    );
    expect(redact('card four one one one', { policies: ['phone_number'], sub: 'hash' })).toBe(
      'card four one one one',
    );
  });

  it('in a live stream, hides a number at the end of a phrase that may go on', () => {
    const open = { before: ['Sure,', 'it', 'is'], open: true };
    expect(redactTexts(['4111 1111'], ALL, open)).toEqual(['[PHONE_NUMBER]']);
    expect(
      redactTexts(['1111 1111.'], ALL, { before: ['it', 'is', '4111', '1111'], open: true }),
    ).toEqual(['[CREDIT_CARD_NUMBER].']);
    // A year ends many phrases: it stays.
    expect(redactTexts(['we moved in 1990.'], ALL, { before: [], open: true })).toEqual([
      'we moved in 1990.',
    ]);
    const contacts: Redaction = { policies: ['email_address', 'phone_number'], sub: 'hash' };
    expect(redactPartial('my email is anna dot smith at example dot', contacts, [])).toBe(
      'my email is #### ### ##### ## ####### ###',
    );
    expect(redactPartial('you can reach me on double oh', ALL, [])).toBe(
      'you can reach me on ###### ##',
    );
  });

  it('follows a number from one segment into the next, tagging each', () => {
    expect(redactTexts(['My card is 4111 1111', ' 1111 1111. Thanks.'], ALL)).toEqual([
      'My card is [CREDIT_CARD_NUMBER]',
      ' [CREDIT_CARD_NUMBER]. Thanks.',
    ]);
    expect(redactTexts(['', ' ', 'no numbers'], ALL)).toEqual(['', ' ', 'no numbers']);
  });

  it('merges a tagged span of timed words into one word', () => {
    const confidences = [0.9, 0.8, 0.7, 0.6, 0.5];
    const words = ['call', '555', '123', '4567.', 'Bye.'].map((text, i) => ({
      text,
      start: i,
      end: i + 0.5,
      confidence: confidences[i]!,
    }));
    expect(redactWords(words, ALL)).toEqual([
      { text: 'call', start: 0, end: 0.5, confidence: 0.9 },
      { text: '[PHONE_NUMBER].', start: 1, end: 3.5, confidence: 0.6 },
      { text: 'Bye.', start: 4, end: 4.5, confidence: 0.5 },
    ]);
    expect(redactWords(words, { ...ALL, sub: 'hash' }).map((w) => w.text)).toEqual([
      'call',
      '###',
      '###',
      '####.',
      'Bye.',
    ]);
  });

  it('reads words the text writes as one token together', () => {
    const words = ['Mail', 'jo@example', '.com', 'now'].map((text, i) => ({
      text,
      start: i,
      end: i + 1,
      confidence: 1,
    }));
    const text = 'Mail jo@example.com now';
    expect(redactWords(words, ALL, text).map((w) => [w.text, w.start, w.end])).toEqual([
      ['Mail', 0, 1],
      ['[EMAIL_ADDRESS]', 1, 3],
      ['now', 3, 4],
    ]);
    // However long the words before it.
    const long = 'ha'.repeat(150);
    const after = [{ text: long, start: 0, end: 1, confidence: 1 }, ...words];
    expect(redactWords(after, ALL, `${long} ${text}`).map((w) => w.text)).toEqual([
      long,
      'Mail',
      '[EMAIL_ADDRESS]',
      'now',
    ]);
    expect(redactWords(words, { ...ALL, sub: 'hash' }, text).map((w) => w.text)).toEqual([
      'Mail',
      '##@#######',
      '.###',
      'now',
    ]);
  });

  it('redacts every part of a transcript alike', () => {
    const words = ['Email', 'anna', 'at', 'example', 'dot', 'com', 'now'].map((text, i) => ({
      text,
      start: i,
      end: i + 1,
      confidence: 1,
      speaker: 'A',
    }));
    const result = redactTranscript(
      {
        text: 'Email anna at example dot com now',
        segments: [{ start: 0, end: 7, text: 'Email anna at example dot com now' }],
        words,
        utterances: [{ speaker: 'A', text: 'Email anna at example dot com now' }],
      },
      ALL,
    );
    expect(result.text).toBe('Email [EMAIL_ADDRESS] now');
    expect(result.segments).toEqual([{ start: 0, end: 7, text: 'Email [EMAIL_ADDRESS] now' }]);
    expect(result.utterances).toEqual([{ speaker: 'A', text: 'Email [EMAIL_ADDRESS] now' }]);
    expect(result.words.map((w) => [w.text, w.start, w.end, w.speaker])).toEqual([
      ['Email', 0, 1, 'A'],
      ['[EMAIL_ADDRESS]', 1, 6, 'A'],
      ['now', 6, 7, 'A'],
    ]);
  });
});
