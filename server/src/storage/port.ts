import { randomBytes } from 'node:crypto';

/** A stored file as read back: a stream of its bytes and what they are. */
export interface StoredFile {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  size: number | null;
}

/**
 * Where uploaded files live: local disk by default, S3-compatible object storage when configured.
 * Keys are always ones the server made (see newPhotoKey, newLogoKey), never text from a request.
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

/**
 * The only shapes of key written or read, so no path can traverse: a member's photo
 * `{tenant}/{user}/{random}.jpg`, or a tenant's logo `{tenant}/branding/{random}.png`.
 */
const KEY_PATTERN =
  /^\d{1,10}\/(?:\d{1,10}\/[A-Za-z0-9_-]{16,64}\.jpg|branding\/[A-Za-z0-9_-]{16,64}\.png)$/;

export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** A fresh key for a member's photo: 144 random bits, nothing taken from the upload. */
export function newPhotoKey(tenantId: number, userId: number): string {
  return `${tenantId}/${userId}/${randomBytes(18).toString('base64url')}.jpg`;
}

/** A fresh key for a tenant's logo, random like a photo's; PNG keeps the logo's transparency. */
export function newLogoKey(tenantId: number): string {
  return `${tenantId}/branding/${randomBytes(18).toString('base64url')}.png`;
}

/** Whether `key` is a logo key of that tenant (and so no other tenant's file). */
export function isLogoKeyOf(key: string, tenantId: number): boolean {
  return isStorageKey(key) && key.startsWith(`${tenantId}/branding/`);
}

const contentTypes: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png' };

/** The content type a key's extension stands for; every key the server issues has one. */
export function contentTypeOf(key: string): string {
  const type = contentTypes[key.slice(key.lastIndexOf('.') + 1)];
  if (!type) throw new Error(`no content type for storage key ${key}`);
  return type;
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`not a storage key: ${key}`);
}
