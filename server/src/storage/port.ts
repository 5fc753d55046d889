import { randomBytes } from 'node:crypto';

/** A stored file as read back: a stream of its bytes and what they are. */
export interface StoredFile {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  size: number | null;
}

/**
 * Where uploaded files live: local disk by default, S3-compatible object storage when configured.
 * Keys are always ones the server made (see newPhotoKey), never text from a request.
 */
export interface Storage {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The URL a browser loads the file from. */
  url(key: string): string;
  /** The file, or null when there is none under that key. */
  get(key: string): Promise<StoredFile | null>;
  /** Deletes the file; a key with no file is not an error. */
  remove(key: string): Promise<void>;
}

/** `{tenant}/{user}/{random}.jpg`: the only shape of key written or read, so no path can traverse. */
const KEY_PATTERN = /^\d{1,10}\/\d{1,10}\/[A-Za-z0-9_-]{16,64}\.jpg$/;

export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** A fresh key for a member's photo: 144 random bits, nothing taken from the upload. */
export function newPhotoKey(tenantId: number, userId: number): string {
  return `${tenantId}/${userId}/${randomBytes(18).toString('base64url')}.jpg`;
}

const contentTypes: Record<string, string> = { jpg: 'image/jpeg' };

/** The content type a key's extension stands for; every key the server issues has one. */
export function contentTypeOf(key: string): string {
  const type = contentTypes[key.slice(key.lastIndexOf('.') + 1)];
  if (!type) throw new Error(`no content type for storage key ${key}`);
  return type;
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`not a storage key: ${key}`);
}
