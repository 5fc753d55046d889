import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { giveAccount, makeTenant, makeUser, sessionCookie } from '../../test/factories.ts';
import { newPhotoKey } from './port.ts';
import { publicBaseOf, S3Storage } from './s3.ts';

const BUCKET = 'kindling-photos';

const read = async (stream: ReadableStream<Uint8Array>) =>
  Buffer.from(await new Response(stream).arrayBuffer());

describe('S3 storage against s3rver', () => {
  let server: S3rver;
  let endpoint: string;
  let storage: S3Storage;

  const config = (overrides: Partial<ConstructorParameters<typeof S3Storage>[0]> = {}) => ({
    bucket: BUCKET,
    endpoint,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    publicUrl: null,
    ...overrides,
  });

  beforeAll(async () => {
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: mkdtempSync(path.join(tmpdir(), 'kindling-s3rver-')),
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const address = await server.run();
    endpoint = `http://127.0.0.1:${address.port}`;
    storage = new S3Storage(config());
  });
  afterAll(() => server.close());

  it('puts an object and gets it back with its type, under a path-style public URL', async () => {
    const key = newPhotoKey(3, 9);
    await storage.put(key, Buffer.from('jpeg bytes'), 'image/jpeg');
    const file = await storage.get(key);
    expect(file?.contentType).toBe('image/jpeg');
    expect(file?.size).toBe(10);
    expect(await read(file?.body as ReadableStream<Uint8Array>)).toEqual(Buffer.from('jpeg bytes'));
    const url = storage.url(key);
    expect(url).toBe(`${endpoint}/${BUCKET}/${key}`);
    const fetched = await fetch(url);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await fetched.arrayBuffer())).toEqual(Buffer.from('jpeg bytes'));
  });

  it('answers null for a missing object and never asks for a key it did not issue', async () => {
    expect(await storage.get(newPhotoKey(3, 9))).toBeNull();
    expect(await storage.get('../../other-bucket/secret')).toBeNull();
    await expect(storage.put('x/../y.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow();
  });

  it('removes an object; removing a missing one is no error', async () => {
    const key = newPhotoKey(3, 9);
    await storage.put(key, Buffer.from('gone soon'), 'image/jpeg');
    await storage.remove(key);
    expect(await storage.get(key)).toBeNull();
    await expect(storage.remove(key)).resolves.toBeUndefined();
    await expect(storage.remove('../escape.jpg')).rejects.toThrow();
  });

  it('uses S3_PUBLIC_URL when given, else endpoint/bucket, else the AWS bucket host', () => {
    expect(publicBaseOf(config({ publicUrl: 'https://cdn.example.com/photos/' }))).toBe(
      'https://cdn.example.com/photos',
    );
    expect(publicBaseOf(config({ endpoint: 'http://minio:9000/' }))).toBe(
      `http://minio:9000/${BUCKET}`,
    );
    expect(publicBaseOf(config({ endpoint: null, region: 'eu-west-1' }))).toBe(
      `https://${BUCKET}.s3.eu-west-1.amazonaws.com`,
    );
  });

  describe('the photo upload with S3 configured', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp({
        S3_BUCKET: BUCKET,
        S3_ENDPOINT: endpoint,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      });
    });
    afterAll(() => t.close());

    it('stores the re-encoded JPEG in the bucket and answers its bucket URL', async () => {
      const tenant = await makeTenant(t.db);
      const user = await makeUser(t.db, tenant.tenantId);
      await giveAccount(t.db, tenant.tenantId, user.id);
      const cookie = await sessionCookie(t.db, t.deps.config.secretKey, tenant.tenantId, user.id);
      const form = new FormData();
      const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"/>';
      form.append('file', new Blob([svg], { type: 'image/svg+xml' }), 'a.svg');
      const res = await t.request(`/api/v1/profiles/${user.id}/photo`, {
        method: 'POST',
        body: form,
        headers: { cookie },
      });
      expect(res.status).toBe(200);
      const { profile_image_url: url } = await res.json();
      expect(url).toMatch(
        new RegExp(`^${endpoint}/${BUCKET}/${tenant.tenantId}/${user.id}/[A-Za-z0-9_-]{24}\\.jpg$`),
      );
      const fetched = await fetch(url);
      expect(fetched.headers.get('content-type')).toBe('image/jpeg');
      const meta = await sharp(Buffer.from(await fetched.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 16, height: 16 });
    });
  });
});
