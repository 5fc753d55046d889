// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MenuAction, MenuButton, MenuLink, MenuSeparator } from './MenuButton.tsx';

afterEach(cleanup);

// jsdom keeps a popover hidden (it has no top layer), so the queries look past that.

function renderMenu(onAction = vi.fn()) {
  render(
    <MemoryRouter>
      <MenuButton label="Account" button="Account menu for Ada">
        <MenuLink to="/ideas/mine">My Ideas</MenuLink>
        <MenuLink to="mailto:help@example.org">Help Center</MenuLink>
        <MenuSeparator />
        <MenuAction onAction={onAction}>Sign Out</MenuAction>
      </MenuButton>
    </MemoryRouter>,
  );
  return onAction;
}

const trigger = () => screen.getByRole('button', { name: 'Account menu for Ada' });
const item = (name: string) => screen.getByRole('menuitem', { name, hidden: true });
const key = (key: string) => fireEvent.keyDown(document.activeElement as Element, { key });

describe('MenuButton', () => {
  it('opens from the keyboard on the first item and says it is open', () => {
    renderMenu();
    expect(trigger().getAttribute('aria-haspopup')).toBe('menu');
    act(() => trigger().focus());
    key('ArrowDown');
    expect(screen.getByRole('menu', { name: 'Account', hidden: true })).toBeTruthy();
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(item('My Ideas'));
  });

  it('moves with the arrows, wrapping, with Home and End, and by typed letters', () => {
    renderMenu();
    act(() => trigger().focus());
    key('ArrowUp');
    expect(document.activeElement).toBe(item('Sign Out'));
    key('ArrowDown');
    expect(document.activeElement).toBe(item('My Ideas'));
    key('End');
    expect(document.activeElement).toBe(item('Sign Out'));
    key('Home');
    expect(document.activeElement).toBe(item('My Ideas'));
    key('h');
    expect(document.activeElement).toBe(item('Help Center'));
  });

  it('closes on Escape and gives the focus back to its button', () => {
    renderMenu();
    act(() => trigger().focus());
    key('ArrowDown');
    key('Escape');
    expect(screen.queryByRole('menu', { hidden: true })).toBeNull();
    expect(document.activeElement).toBe(trigger());
  });

  it('runs an action, closing first', () => {
    const onAction = renderMenu();
    fireEvent.click(trigger());
    fireEvent.click(item('Sign Out'));
    expect(onAction).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu', { hidden: true })).toBeNull();
  });

  it('links inside the app through the router, and elsewhere as they are', () => {
    renderMenu();
    fireEvent.click(trigger());
    expect(item('My Ideas').getAttribute('href')).toBe('/ideas/mine');
    expect(item('Help Center').getAttribute('href')).toBe('mailto:help@example.org');
  });

  it('closes on a press outside', () => {
    renderMenu();
    fireEvent.click(trigger());
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('menu', { hidden: true })).toBeNull();
  });
});
