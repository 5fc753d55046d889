import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';

const folder = path.resolve(import.meta.dirname, '../screenshots');

/**
 * Saves a screenshot as screenshots/{project}-{name}.png, for people to look at: the full page,
 * or only the viewport where an overlay covers it.
 */
export async function saveScreenshot(
  page: Page,
  testInfo: TestInfo,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<void> {
  await page.screenshot({
    path: path.join(folder, `${testInfo.project.name.split(' ')[0]}-${name}.png`),
    fullPage,
    animations: 'disabled',
  });
}
