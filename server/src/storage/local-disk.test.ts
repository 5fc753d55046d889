import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LocalDiskStorage } from './local-disk.ts';
import { isStorageKey, newPhotoKey } from './port.ts';

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

  it('new keys are random and always valid', () => {
    const keys = new Set(Array.from({ length: 100 }, () => newPhotoKey(1, 1)));
    expect(keys.size).toBe(100);
    expect([...keys].every(isStorageKey)).toBe(true);
  });
});
