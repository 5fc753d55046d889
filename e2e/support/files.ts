import type { Locator, Page } from '@playwright/test';

/** Drops a file made in the page onto a target, as a drag from the desktop would. */
export async function dropFile(page: Page, target: Locator, kind: 'png' | 'text') {
  const dataTransfer = await page.evaluateHandle(async (fileKind) => {
    const transfer = new DataTransfer();
    if (fileKind === 'text') {
      transfer.items.add(new File(['not a picture'], 'notes.txt', { type: 'text/plain' }));
      return transfer;
    }
    // A real PNG, drawn here: a sky gradient with a sun, so a crop and a turn show.
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 480;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    const sky = context.createLinearGradient(0, 0, 0, 480);
    sky.addColorStop(0, '#0ea5e9');
    sky.addColorStop(1, '#fde68a');
    context.fillStyle = sky;
    context.fillRect(0, 0, 640, 480);
    context.fillStyle = '#f97316';
    context.beginPath();
    context.arc(320, 190, 110, 0, Math.PI * 2);
    context.fill();
    context.fillStyle = '#166534';
    context.fillRect(0, 380, 640, 100);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) throw new Error('No PNG');
    transfer.items.add(new File([blob], 'portrait.png', { type: 'image/png' }));
    return transfer;
  }, kind);
  for (const type of ['dragenter', 'dragover', 'drop']) {
    await target.dispatchEvent(type, { dataTransfer });
  }
}
