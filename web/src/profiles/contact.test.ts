import { describe, expect, it } from 'vitest';
import { contactHref, isContactable } from './contact.ts';

const contact = {
  subject: "Let's connect on Demo University",
  greeting: 'Hi',
  intro: 'I came across your profile & would love to talk.',
};

describe('contactHref', () => {
  it('addresses the member with the branded subject, greeting and intro, signed by the sender', () => {
    const href = contactHref(
      { email: 'priya.raman@demo.localhost', first_name: 'Priya' },
      contact,
      'Jordan Ellis',
    );
    const url = new URL(href);
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe('priya.raman@demo.localhost');
    expect(url.searchParams.get('subject')).toBe("Let's connect on Demo University");
    expect(url.searchParams.get('body')).toBe(
      'Hi Priya,\r\n\r\nI came across your profile & would love to talk.\r\n\r\nJordan Ellis',
    );
  });

  it('keeps characters of the address that would start a query from breaking the link', () => {
    const href = contactHref({ email: 'a?b&c@demo.localhost', first_name: 'A' }, contact, 'B');
    expect(href.startsWith('mailto:a%3Fb%26c@demo.localhost?subject=')).toBe(true);
  });
});

describe('isContactable', () => {
  it('is true only when both the user and the admin status are approved (2)', () => {
    expect(
      isContactable({ email: '', first_name: '', user_status_id: 2, admin_status_id: 2 }),
    ).toBe(true);
    expect(
      isContactable({ email: '', first_name: '', user_status_id: 1, admin_status_id: 2 }),
    ).toBe(false);
    expect(
      isContactable({ email: '', first_name: '', user_status_id: 2, admin_status_id: 3 }),
    ).toBe(false);
  });
});
