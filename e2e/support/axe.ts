import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Fails with a readable list when the page breaks any WCAG 2.1 A or AA rule axe can check. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // Contrast is judged on the settled screen: mid-fade (a list coming back from its stale look, an
  // overlay leaving, a toast dropping in) text is paler than it will be. The animations are
  // awaited until a frame starts none (a toast shown as a save's message renders can start after
  // the first look). Endless or paused animations (spinners, a toast's clock held by the pointer)
  // never finish, so the wait is capped.
  await page.evaluate(async () => {
    const deadline = performance.now() + 2_000;
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (;;) {
      await frame();
      const running = document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getTiming().iterations !== Infinity,
        );
      const left = deadline - performance.now();
      if (running.length === 0 || left <= 0) return;
      await Promise.race([
        Promise.all(running.map((animation) => animation.finished.catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, left)),
      ]);
    }
  });
  // Legacy mode runs axe in the page itself. The default opens a blank page to merge results from
  // cross-origin frames, which the portal has none of, and took twice as long (1.7 s against
  // 0.9 s a scan of the dashboard).
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode()
    .analyze();
  const summary = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
  expect(summary, 'axe violations').toEqual([]);
}
