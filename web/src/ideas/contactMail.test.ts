import type { IdeaPerson } from '@kindling/contract';
import { describe, expect, it } from 'vitest';
import { canContact, contactHref } from './contactMail.ts';

const person: IdeaPerson = {
  id: 4,
  email: 'ada@demo.localhost',
  first_name: 'Ada',
  last_name: 'Lovelace',
  position: 'Professor',
  profile_image_url: null,
  role_id: 2,
  role_icon: 'faculty',
  role_name: 'Faculty',
  admin_status_id: 2,
  user_status_id: 2,
  school_id: null,
  department_id: null,
};

describe('canContact', () => {
  it('allows an approved, active member other than oneself', () => {
    expect(canContact(person, 9)).toBe(true);
  });

  it('refuses oneself and anyone whose user or admin status is not 2', () => {
    expect(canContact(person, 4)).toBe(false);
    expect(canContact({ ...person, user_status_id: 1 }, 9)).toBe(false);
    expect(canContact({ ...person, admin_status_id: 3 }, 9)).toBe(false);
  });
});

describe('contactHref', () => {
  it("composes the tenant's subject, greeting and intro, signed with the sender's name", () => {
    const href = contactHref(
      person,
      { subject: "Let's connect on Demo & Co", greeting: 'Hi', intro: 'I saw your idea.' },
      'Sam Student',
    );
    const url = new URL(href);
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe('ada@demo.localhost');
    expect(href).not.toContain('+');
    const params = new URLSearchParams(url.search);
    expect(params.get('subject')).toBe("Let's connect on Demo & Co");
    expect(params.get('body')).toBe('Hi Ada,\n\nI saw your idea.\n\nSam Student');
  });
});
