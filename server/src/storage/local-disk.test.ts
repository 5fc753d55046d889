import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LocalDiskStorage } from './local-disk.ts';
import { isLogoKeyOf, isStorageKey, newLogoKey, newPhotoKey } from './port.ts';

const read = async (stream: ReadableStream<Uint8Array>) =>
  Buffer.from(await new Response(stream).arrayBuffer());

describe('local-disk storage', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'kindling-storage-'));
  const storage = new LocalDiskStorage(root);

  it('puts, gets and names files by key', async () => {
    const key = newPhotoKey(7, 42);
    expect(key).toMatch(/^7\/42\/[A-Za-z0-9_-]{24}\.jpg$/);
    await storage.put(key, Buffer.from('jpeg bytes'), 'image/jpeg');
    const file = await storage.get(key);
    expect(file?.contentType).toBe('image/jpeg');
    expect(file?.size).toBe(10);
    expect(await read(file?.body as ReadableStream<Uint8Array>)).toEqual(Buffer.from('jpeg bytes'));
    expect(storage.url(key)).toBe(`/uploads/${key}`);
    expect(readdirSync(path.join(root, '7', '42'))).toEqual([key.split('/')[2]]);
  });

  it('answers null for a missing file or anything that is not an issued key', async () => {
    expect(await storage.get(newPhotoKey(7, 42))).toBeNull();
    for (const key of ['7/42', '7', '', '../etc/passwd', '7/42/../../x.jpg', '7/42/abc.jpg']) {
      expect(await storage.get(key), key).toBeNull();
    }
  });

  it('refuses to write under a key it did not issue, or with a type the key does not name', async () => {
    await expect(storage.put('../escape.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow();
    await expect(storage.put('1/2/x.html', Buffer.from('x'), 'text/html')).rejects.toThrow();
    await expect(storage.put(newPhotoKey(1, 2), Buffer.from('x'), 'text/html')).rejects.toThrow();
    expect(readdirSync(root).sort()).toEqual(['7']);
  });

  it('removes a file; removing a missing one is no error, and only issued keys are touched', async () => {
    const key = newPhotoKey(7, 43);
    await storage.put(key, Buffer.from('gone soon'), 'image/jpeg');
    await storage.remove(key);
    expect(await storage.get(key)).toBeNull();
    await expect(storage.remove(key)).resolves.toBeUndefined();
    await expect(storage.remove('../escape.jpg')).rejects.toThrow();
  });

  it('stores a logo as PNG under its tenant, and only PNG there', async () => {
    const key = newLogoKey(7);
    expect(key).toMatch(/^7\/branding\/[A-Za-z0-9_-]{24}\.png$/);
    await storage.put(key, Buffer.from('png bytes'), 'image/png');
    expect((await storage.get(key))?.contentType).toBe('image/png');
    expect(storage.url(key)).toBe(`/uploads/${key}`);
    await expect(storage.put(key, Buffer.from('x'), 'image/jpeg')).rejects.toThrow();
    expect(isLogoKeyOf(key, 7)).toBe(true);
    expect(isLogoKeyOf(key, 8)).toBe(false);
    expect(isLogoKeyOf(newPhotoKey(7, 1), 7)).toBe(false);
    const suffix = key.split('/')[2] as string;
    for (const bad of [
      `7/branding/${suffix.replace('.png', '.jpg')}`,
      `7/42/${suffix}`,
      `7/branding/../${suffix}`,
      `branding/${suffix}`,
      `7/Branding/${suffix}`,
      `7/branding/x/${suffix}`,
    ]) {
      expect(isStorageKey(bad), bad).toBe(false);
      expect(await storage.get(bad), bad).toBeNull();
    }
    await storage.remove(key);
  });

  it('new keys are random and always valid', () => {
    const keys = new Set(Array.from({ length: 100 }, () => newPhotoKey(1, 1)));
    for (let n = 0; n < 100; n++) keys.add(newLogoKey(1));
    expect(keys.size).toBe(200);
    expect([...keys].every(isStorageKey)).toBe(true);
  });
});
