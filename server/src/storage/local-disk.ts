import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  assertStorageKey,
  contentTypeOf,
  isStorageKey,
  type Storage,
  type StoredFile,
} from './port.ts';

/** Files under one folder (`$DATA_DIR/uploads`), served by the server itself at `/uploads/…`. */
export class LocalDiskStorage implements Storage {
  constructor(
    private readonly root: string,
    private readonly publicBase = '/uploads',
  ) {}

  private pathOf(key: string): string {
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    assertStorageKey(key);
    if (contentType !== contentTypeOf(key)) {
      throw new Error(`content type ${contentType} does not match the key ${key}`);
    }
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Written aside and renamed, so a reader never sees half a file.
    const partial = `${file}.${randomBytes(6).toString('hex')}.part`;
    try {
      await writeFile(partial, bytes, { flag: 'wx' });
      await rename(partial, file);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  url(key: string): string {
    return `${this.publicBase}/${key}`;
  }

  async get(key: string): Promise<StoredFile | null> {
    if (!isStorageKey(key)) return null;
    const file = this.pathOf(key);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    return {
      body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>,
      contentType: contentTypeOf(key),
      size: info.size,
    };
  }

  async remove(key: string): Promise<void> {
    assertStorageKey(key);
    await rm(this.pathOf(key), { force: true });
  }
}
