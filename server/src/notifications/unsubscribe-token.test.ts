import { describe, expect, it } from 'vitest';
import { createUnsubscribeTokens, unsubscribeHeaders } from './unsubscribe-token.ts';

const tokens = createUnsubscribeTokens('a'.repeat(32));

describe('unsubscribe tokens', () => {
  it('names the member, tenant and kinds it was signed for', () => {
    const token = tokens.sign({ tenantId: 3, userId: 41, kinds: ['comment', 'idea_updated'] });
    expect(tokens.verify(token)).toEqual({
      tenantId: 3,
      userId: 41,
      kinds: ['comment', 'idea_updated'],
    });
  });

  it('refuses a token changed, cut short or signed with another key', () => {
    const token = tokens.sign({ tenantId: 3, userId: 41, kinds: ['comment'] });
    const [version, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify([3, 42, ['comment']])).toString('base64url');
    expect(tokens.verify(`${version}.${forged}.${signature}`)).toBeNull();
    expect(tokens.verify(token.slice(0, -2))).toBeNull();
    expect(tokens.verify('')).toBeNull();
    expect(createUnsubscribeTokens('b'.repeat(32)).verify(token)).toBeNull();
  });

  it('refuses a signed token that names no known kind', () => {
    const odd = tokens.sign({ tenantId: 3, userId: 41, kinds: ['nonsense' as never] });
    expect(tokens.verify(odd)).toBeNull();
  });

  it('gives RFC 8058 headers pointing at the API', () => {
    expect(unsubscribeHeaders('https://k.example', 'u1.a.b')).toEqual({
      'List-Unsubscribe': '<https://k.example/api/v1/unsubscribe?token=u1.a.b>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});
