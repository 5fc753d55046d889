import {
  createContext,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useContext,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { Link } from 'react-router';
import { useAnchoredPopup, usePressOutside } from './anchoredPopup.ts';
import styles from './MenuButton.module.css';

/**
 * A menu button after the WAI-ARIA APG pattern, in a few hundred bytes where react-aria's menu
 * costs some 50 KiB gzip (docs/decisions/0015-page-weight-budgets.md). The list opens in the top
 * layer (anchoredPopup.ts), so a scrolling table around the button never clips it.
 */

/** Closing from an item: back to the button, as after Escape. */
const CloseMenu = createContext<() => void>(() => {});

type Opening = 'first' | 'last' | 'menu';

const itemsOf = (menu: HTMLElement | null) =>
  Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

interface MenuButtonProps {
  /** The menu's accessible name. */
  label: string;
  /** The button's accessible name, when its content does not give one. */
  buttonLabel?: string;
  buttonClassName?: string;
  button: ReactNode;
  isDisabled?: boolean;
  /** Space between the button and the list, in pixels. */
  offset?: number;
  /** Shown above the items, outside the menu itself. */
  header?: ReactNode;
  children: ReactNode;
}

export function MenuButton({
  label,
  buttonLabel,
  buttonClassName,
  button,
  isDisabled,
  offset = 8,
  header,
  children,
}: MenuButtonProps) {
  const [opening, setOpening] = useState<Opening | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const typed = useRef({ text: '', at: 0 });
  const menuId = useId();
  const open = opening !== null;

  const close = (returnFocus: boolean) => {
    setOpening(null);
    if (returnFocus) buttonRef.current?.focus();
  };

  useAnchoredPopup(open, popupRef, buttonRef, { offset, align: 'end' });
  usePressOutside(open, [popupRef, buttonRef], () => setOpening(null));

  useLayoutEffect(() => {
    if (!opening) return;
    const items = itemsOf(menuRef.current);
    const target =
      opening === 'menu' ? menuRef.current : opening === 'first' ? items[0] : items.at(-1);
    target?.focus();
  }, [opening]);

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpening(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = itemsOf(menuRef.current);
    const current = items.indexOf(document.activeElement as HTMLElement);
    const move = (index: number) => {
      event.preventDefault();
      items[(index + items.length) % items.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(current + 1);
      case 'ArrowUp':
        return move(current < 0 ? -1 : current - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(-1);
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        return close(true);
      case ' ':
        // Links answer Enter only; a menu item answers Space as well.
        if (event.target instanceof HTMLAnchorElement) {
          event.preventDefault();
          event.target.click();
        }
        return;
    }
    if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      // Type-ahead: the next item whose label starts with the letters typed in the last half second.
      const now = event.timeStamp;
      typed.current = {
        text: (now - typed.current.at < 500 ? typed.current.text : '') + event.key.toLowerCase(),
        at: now,
      };
      const { text } = typed.current;
      const from = Math.max(0, text.length > 1 ? current : current + 1);
      const ordered = [...items.slice(from), ...items.slice(0, from)];
      ordered.find((item) => item.textContent?.trim().toLowerCase().startsWith(text))?.focus();
    }
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={buttonClassName}
        aria-label={buttonLabel}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={isDisabled}
        onClick={(event) =>
          open ? close(false) : setOpening(event.detail === 0 ? 'first' : 'menu')
        }
        onKeyDown={onButtonKeyDown}
      >
        {button}
      </button>
      {open && (
        // biome-ignore lint/a11y/noStaticElementInteractions: focus leaving the list closes it
        <div
          ref={popupRef}
          popover="manual"
          className={styles.popover}
          onBlur={(event) => {
            const next = event.relatedTarget as Node | null;
            if (next && !popupRef.current?.contains(next) && next !== buttonRef.current) {
              close(false);
            }
          }}
        >
          {header}
          <div
            ref={menuRef}
            id={menuId}
            role="menu"
            aria-label={label}
            tabIndex={-1}
            className={styles.menu}
            onKeyDown={onMenuKeyDown}
          >
            <CloseMenu value={() => close(true)}>{children}</CloseMenu>
          </div>
        </div>
      )}
    </>
  );
}

/** Pointer hover moves focus, so one item is highlighted whether chosen by mouse or keys. */
const focusOnHover = (event: PointerEvent<HTMLElement>) => {
  if (event.pointerType === 'mouse') event.currentTarget.focus({ preventScroll: true });
};

/** A scheme such as `mailto:` marks a link that leaves the app. */
const leavesApp = (href: string) => /^[a-z][a-z\d+.-]*:/i.test(href);

/** An item that goes somewhere: through the router inside the app, as a plain link outside it. */
export function MenuLink({ to, children }: { to: string; children: ReactNode }) {
  const close = useContext(CloseMenu);
  const item = {
    role: 'menuitem',
    tabIndex: -1,
    className: styles.item,
    onClick: close,
    onPointerMove: focusOnHover,
  } as const;
  return leavesApp(to) ? (
    <a href={to} {...item}>
      {children}
    </a>
  ) : (
    <Link to={to} {...item}>
      {children}
    </Link>
  );
}

/** An item that does something. */
export function MenuAction({ onAction, children }: { onAction(): void; children: ReactNode }) {
  const close = useContext(CloseMenu);
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      className={styles.item}
      onPointerMove={focusOnHover}
      onClick={() => {
        close();
        onAction();
      }}
    >
      {children}
    </button>
  );
}

export function MenuSeparator() {
  return <hr className={styles.separator} />;
}
