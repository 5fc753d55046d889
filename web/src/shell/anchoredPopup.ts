import { type RefObject, useEffect, useLayoutEffect } from 'react';

export interface Anchoring {
  /** Space between the anchor and the popup, in pixels. */
  offset: number;
  /** `end`: the popup's right edge on the anchor's; `stretch`: as wide as the anchor, from its left. */
  align: 'end' | 'stretch';
}

/** Below the anchor, or above it when the viewport has no room below and more above. */
function place(popup: HTMLElement, anchor: HTMLElement, { offset, align }: Anchoring) {
  const box = anchor.getBoundingClientRect();
  if (align === 'stretch') {
    popup.style.left = `${box.left}px`;
    popup.style.width = `${box.width}px`;
  } else {
    popup.style.right = `${Math.max(0, document.documentElement.clientWidth - box.right)}px`;
  }
  const roomBelow = window.innerHeight - box.bottom - offset;
  const above = popup.offsetHeight > roomBelow && box.top - offset > roomBelow;
  popup.style.top = above
    ? `${Math.max(0, box.top - offset - popup.offsetHeight)}px`
    : `${box.bottom + offset}px`;
}

/**
 * Shows a `popover="manual"` element in the top layer while it is mounted, against its anchor,
 * and keeps it there as the page scrolls or resizes. The top layer is why: no scrolling table,
 * dialog or stacking context around the anchor clips or covers it.
 */
export function useAnchoredPopup(
  open: boolean,
  popupRef: RefObject<HTMLElement | null>,
  anchorRef: RefObject<HTMLElement | null>,
  anchoring: Anchoring,
) {
  const { offset, align } = anchoring;
  useLayoutEffect(() => {
    const popup = popupRef.current;
    const anchor = anchorRef.current;
    if (!open || !popup || !anchor) return;
    popup.showPopover?.();
    const follow = () => place(popup, anchor, { offset, align });
    follow();
    // Items arriving while open change the popup's height, and so perhaps its side.
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(follow) : null;
    resized?.observe(popup);
    window.addEventListener('resize', follow);
    window.addEventListener('scroll', follow, true);
    return () => {
      resized?.disconnect();
      window.removeEventListener('resize', follow);
      window.removeEventListener('scroll', follow, true);
    };
  }, [open, popupRef, anchorRef, offset, align]);
}

/** Calls `onOutside` for a press anywhere but in the given elements, while `active`. */
export function usePressOutside(
  active: boolean,
  inside: readonly RefObject<HTMLElement | null>[],
  onOutside: () => void,
) {
  useEffect(() => {
    if (!active) return;
    const pressed = (event: Event) => {
      const target = event.target as Node;
      if (!inside.some((ref) => ref.current?.contains(target))) onOutside();
    };
    document.addEventListener('pointerdown', pressed, true);
    return () => document.removeEventListener('pointerdown', pressed, true);
  });
}
