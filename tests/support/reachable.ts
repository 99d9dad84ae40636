import type { Page } from 'playwright-core';

/** The controls a person uses on a screen: buttons, fields, choices and links. */
const CONTROLS = 'button, input:not([type=hidden]):not(.btn-check), select, textarea, a[href]';

/**
 * What a person on this viewport cannot reach on the screen: the page scrolling
 * sideways; a control in a box that scrolls sideways (a table wider than its box hides its last
 * columns, as Delete was cut off); a visible control of `scope` that, once scrolled to, is not
 * wholly inside the viewport, or is covered or clipped where a finger or the mouse would press it.
 * Empty when all is reachable. Disabled controls count too: they must be seen. Runs in the page
 * in one go (layout is measured synchronously there).
 */
export function unreachableControls(page: Page, scope = '#main'): Promise<string[]> {
  return page.evaluate(
    ({ scope, selector }) => {
      const problems: string[] = [];
      const doc = document.documentElement;
      const overflow = doc.scrollWidth - doc.clientWidth;
      if (overflow > 0) problems.push(`the page scrolls sideways by ${overflow}px`);
      const width = doc.clientWidth;
      const height = window.innerHeight;
      const within = (r: DOMRect) =>
        r.left >= -0.5 && r.top >= -0.5 && r.right <= width + 0.5 && r.bottom <= height + 0.5;
      for (const root of document.querySelectorAll(scope)) {
        for (const el of root.querySelectorAll<HTMLElement>(selector)) {
          const first = el.getBoundingClientRect();
          // Hidden on purpose (a closed <details>, a collapsed panel): opened first by the person.
          if (first.width === 0 || first.height === 0 || !el.checkVisibility({ visibilityProperty: true }))
            continue;
          const name =
            el.getAttribute('aria-label') ||
            (el as HTMLInputElement).labels?.[0]?.textContent?.trim() ||
            el.textContent?.trim().slice(0, 40) ||
            el.getAttribute('placeholder') ||
            el.outerHTML.slice(0, 60);
          for (let box = el.parentElement; box; box = box.parentElement) {
            const overflowX = getComputedStyle(box).overflowX;
            if ((overflowX === 'auto' || overflowX === 'scroll') && box.scrollWidth > box.clientWidth + 1) {
              problems.push(`${name}: in a box that scrolls sideways`);
              break;
            }
          }
          // Instant: the page scrolls smoothly otherwise (Bootstrap), and would be measured mid-way.
          if (!within(first)) el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
          const r = el.getBoundingClientRect();
          if (!within(r)) {
            problems.push(
              `${name}: at x ${Math.round(r.left)}–${Math.round(r.right)}, y ${Math.round(r.top)}–${Math.round(r.bottom)}, outside the viewport`,
            );
            continue;
          }
          // A disabled button lets presses through (pointer-events: none): seeing it is what counts.
          if ((el as HTMLButtonElement).disabled) continue;
          // What a press would hit (an inline link that wraps is pressed on its first line).
          const at = el.getClientRects()[0] ?? r;
          const top = document.elementFromPoint(at.left + at.width / 2, at.top + at.height / 2);
          const hit =
            !!top &&
            (top === el || el.contains(top) || (top instanceof HTMLLabelElement && top.control === el));
          if (!hit) problems.push(`${name}: covered or clipped`);
        }
      }
      return problems;
    },
    { scope, selector: CONTROLS },
  );
}
