// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { isTypingTarget } from './typingTarget.ts';

const element = (html: string) => {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  return holder.firstElementChild;
};

describe('isTypingTarget', () => {
  it('is true in fields where `/` is a character', () => {
    for (const html of [
      '<input>',
      '<input type="search">',
      '<input type="email">',
      '<textarea></textarea>',
      '<select></select>',
    ]) {
      expect(isTypingTarget(element(html)), html).toBe(true);
    }
  });

  it('is false on the page, buttons, links and boxes that take no text', () => {
    for (const html of [
      '<div></div>',
      '<button></button>',
      '<a href="/">x</a>',
      '<input type="checkbox">',
    ]) {
      expect(isTypingTarget(element(html)), html).toBe(false);
    }
    expect(isTypingTarget(document.body)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});
