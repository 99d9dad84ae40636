import type { Page } from 'playwright-core';

/** The controls a person uses on a screen: buttons, fields, choices and links. */
const CONTROLS = 'button, input:not([type=hidden]):not(.btn-check), select, textarea, a[href]';

/**
 * What a person on this viewport cannot reach on the screen (issue 29): the page scrolling
 * sideways, and each visible control of `#main` that, once scrolled to, is not wholly inside the
 * viewport or is covered or clipped where a finger or the mouse would press it. Empty when all is
 * reachable. Checkboxes and buttons that are disabled still count: they must be seen.
 */
export async function unreachableControls(page: Page, scope = '#main'): Promise<string[]> {
  const problems: string[] = [];
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  if (overflow > 0) problems.push(`the page scrolls sideways by ${overflow}px`);
  const viewport = page.viewportSize()!;
  for (const control of await page.locator(scope).locator(CONTROLS).all()) {
    if (!(await control.isVisible())) continue;
    const name = await control.evaluate(
      (el) =>
        el.getAttribute('aria-label') ||
        (el as HTMLInputElement).labels?.[0]?.textContent?.trim() ||
        el.textContent?.trim().slice(0, 40) ||
        el.getAttribute('placeholder') ||
        el.outerHTML.slice(0, 60),
    );
    // A table wider than its box scrolls sideways and hides its last columns (issue 29: Delete cut
    // off): on these screens every control fits the width it is given.
    const sideways = await control.evaluate((el) => {
      for (let box = el.parentElement; box; box = box.parentElement) {
        const overflowX = getComputedStyle(box).overflowX;
        if ((overflowX === 'auto' || overflowX === 'scroll') && box.scrollWidth > box.clientWidth + 1)
          return true;
      }
      return false;
    });
    if (sideways) problems.push(`${name}: in a box that scrolls sideways`);
    const within = (b: { x: number; y: number; width: number; height: number }) =>
      b.x >= -0.5 &&
      b.y >= -0.5 &&
      b.x + b.width <= viewport.width + 0.5 &&
      b.y + b.height <= viewport.height + 0.5;
    let box = null;
    await control.scrollIntoViewIfNeeded();
    box = await control.boundingBox();
    // "If needed" leaves a control that shows nearly whole where it is: bring it to the middle.
    for (let i = 0; i < 2 && box && !within(box); i++) {
      await control.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'center' }));
      box = await control.boundingBox();
    }
    if (!box) continue;
    const inside = within(box);
    if (!inside) {
      problems.push(
        `${name}: at x ${Math.round(box.x)}–${Math.round(box.x + box.width)}, y ${Math.round(box.y)}–${Math.round(box.y + box.height)}, outside the viewport`,
      );
      continue;
    }
    // What a press at its centre would hit: the control itself (or what it holds), nothing on top.
    const hit = await control.evaluate((el) => {
      // A disabled button lets presses through (pointer-events: none): seeing it is what counts.
      if ((el as HTMLButtonElement).disabled) return true;
      // An inline link may wrap: its first line is where it is pressed.
      const r = el.getClientRects()[0] ?? el.getBoundingClientRect();
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return (
        !!top && (top === el || el.contains(top) || (top instanceof HTMLLabelElement && top.control === el))
      );
    });
    if (!hit) problems.push(`${name}: covered or clipped`);
  }
  return problems;
}
