import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app.ts';
import { jsonInit } from '../factories.ts';
import { loadOperations, type Operation, urlOf } from './operations.ts';
import { isAdministration, pathParamsOf, tinyPng } from './requests.ts';
import { makeWorld, type World } from './world.ts';

/** Served image types and the bytes each starts with. */
const MAGIC: Record<string, number[]> = {
  'image/jpeg': [0xff, 0xd8, 0xff],
  'image/png': [0x89, 0x50, 0x4e, 0x47],
};

/**
 * What profiles/photo.test.ts does not already prove, on every multipart upload the API documents
 * (the profile photo, the tenant's logo, and any added later): polyglots that are valid images,
 * SVGs that reach out (external entities and images: SSRF, file reads), pixel bombs, hostile file
 * names, bodies streamed without a length, and uploads aimed at the wrong routes.
 */
describe('uploads: polyglots, outbound SVG, pixel bombs and oversize bodies', () => {
  let t: TestApp;
  let world: World;
  let uploads: Operation[];
  let listener: Server;
  let probeUrl: string;
  const probed: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    world = await makeWorld(t);
    uploads = (await loadOperations(t)).filter(
      (o) => o.body?.contentType === 'multipart/form-data',
    );
    listener = createServer((req, res) => {
      probed.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'image/png' });
      tinyPng().then((png) => res.end(png));
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    probeUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => listener?.close(resolve));
    await t?.close();
  });

  /** The caller and URL of an upload route: the photo is the faculty member's own. */
  const target = (operation: Operation) => {
    const { admin, faculty } = world.alpha;
    return {
      url: urlOf(operation, pathParamsOf(operation, world.alpha)),
      cookie: isAdministration(operation) ? admin.cookie : faculty.cookie,
    };
  };

  const upload = (
    operation: Operation,
    bytes: Uint8Array | string,
    name = 'photo.png',
    type = 'image/png',
  ) => {
    const { url, cookie } = target(operation);
    const form = new FormData();
    const part = typeof bytes === 'string' ? bytes : new Uint8Array(bytes);
    form.append('file', new Blob([part], { type }), name);
    return t.request(url, { method: 'POST', body: form, headers: { cookie } });
  };

  /** Uploads to every route, expects each taken, and answers what each serves back. */
  const served = async (bytes: Uint8Array | string, name?: string, type?: string) => {
    const files = [];
    expect(uploads.length).toBeGreaterThan(0);
    for (const operation of uploads) {
      const res = await upload(operation, bytes, name, type);
      expect(res.status, `${operation.key}: ${await res.clone().text()}`).toBe(200);
      const answer = (await res.json()) as Record<string, unknown>;
      const url = Object.values(answer).find((v): v is string => typeof v === 'string') ?? '';
      const file = await t.request(new URL(url, 'http://x').pathname);
      files.push({ key: operation.key, url, file, bytes: Buffer.from(await file.arrayBuffer()) });
    }
    return files;
  };

  const areInertImages = (files: Awaited<ReturnType<typeof served>>) => {
    for (const { key, file, bytes } of files) {
      const type = file.headers.get('content-type') ?? '';
      expect(Object.keys(MAGIC), key).toContain(type);
      expect(file.headers.get('x-content-type-options')).toBe('nosniff');
      expect([...bytes.subarray(0, MAGIC[type]?.length)], key).toEqual(MAGIC[type]);
      const text = bytes.toString('latin1');
      for (const marker of ['<script', 'alert(', '<svg', '<html', 'onload']) {
        expect(text, key).not.toContain(marker);
      }
    }
  };

  it('re-encodes a JPEG carrying script in its comment and EXIF segments into plain pixels', async () => {
    const jpeg = await sharp({
      create: { width: 16, height: 16, channels: 3, background: 'teal' },
    })
      .jpeg()
      .withExif({ IFD0: { ImageDescription: '<script>alert(1)</script>' } })
      .toBuffer();
    const comment = Buffer.from('*/=alert(1)//<script>alert(2)</script><svg onload=alert(3)>');
    const segment = Buffer.concat([
      Buffer.from([0xff, 0xfe, (comment.length + 2) >> 8, (comment.length + 2) & 0xff]),
      comment,
    ]);
    const polyglot = Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
    areInertImages(await served(polyglot, 'poly.jpg', 'image/jpeg'));
  });

  it('re-encodes a GIF whose header doubles as JavaScript (GIFAR-style) into plain pixels', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } })
      .gif()
      .toBuffer();
    const trailer = Buffer.from('*/=1;alert(document.domain);/*<html><script>alert(1)</script>');
    areInertImages(await served(Buffer.concat([gif, trailer]), 'poly.gif', 'text/html'));
  });

  it('rasterises an SVG without fetching what it links or reading the files its entities name', async () => {
    const svg = `<?xml version="1.0"?>
<!DOCTYPE svg [
  <!ENTITY secret SYSTEM "file:///etc/passwd">
  <!ENTITY remote SYSTEM "${probeUrl}/entity">
]>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="40">
  <image href="${probeUrl}/image.png" width="20" height="20"/>
  <image xlink:href="${probeUrl}/xlink.png" x="20" width="20" height="20"/>
  <style>@import url("${probeUrl}/style.css");</style>
  <text y="30">&secret;&remote;</text>
  <script>alert(1)</script>
</svg>`;
    for (const operation of uploads) {
      const res = await upload(operation, svg, 'reach.svg', 'image/svg+xml');
      expect(res.status, operation.key).toBeLessThan(500);
      if (res.status === 200) {
        const answer = (await res.json()) as Record<string, unknown>;
        const url = Object.values(answer).find((v): v is string => typeof v === 'string') ?? '';
        const file = await t.request(new URL(url, 'http://x').pathname);
        expect(Object.keys(MAGIC)).toContain(file.headers.get('content-type'));
        expect(Buffer.from(await file.arrayBuffer()).toString('latin1')).not.toContain('root:');
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(probed).toEqual([]);
  });

  it('refuses pixel bombs quickly: a small file that would decode to billions of pixels', async () => {
    const bombs = [
      '<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"><rect width="100%" height="100%"/></svg>',
      // A 1×1 PNG whose header claims 60000×60000 pixels.
      await (async () => {
        const png = Buffer.from(await tinyPng());
        png.writeUInt32BE(60_000, 16);
        png.writeUInt32BE(60_000, 20);
        return new Uint8Array(png);
      })(),
    ];
    for (const operation of uploads) {
      for (const bomb of bombs) {
        const started = performance.now();
        const res = await upload(operation, bomb, 'bomb.png');
        expect(res.status, operation.key).toBe(400);
        expect(performance.now() - started).toBeLessThan(5_000);
      }
    }
  });

  it('ignores the client’s file name: traversal and markup never reach the stored key or URL', async () => {
    for (const name of [
      '../../../../tmp/evil.png',
      '<img src=x onerror=alert(1)>.png',
      'a\r\nb.png',
    ]) {
      for (const { key, url } of await served(await tinyPng(), name)) {
        expect(url, key).toMatch(/\/uploads\/[A-Za-z0-9/_-]+\.(jpg|png)$/);
      }
    }
  });

  it('answers 413 to bodies streamed without a length: over 10 MiB to every upload, 1 MiB elsewhere', async () => {
    const { faculty } = world.alpha;
    const stream = (bytes: number, prefix = '') =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          if (prefix) controller.enqueue(new TextEncoder().encode(prefix));
          const chunk = randomBytes(256 * 1024);
          for (let sent = 0; sent < bytes; sent += chunk.length) controller.enqueue(chunk);
          controller.close();
        },
      });
    for (const operation of uploads) {
      const { url, cookie } = target(operation);
      const res = await t.request(url, {
        method: 'POST',
        headers: { cookie, 'content-type': 'multipart/form-data; boundary=x' },
        body: stream(
          11 * 1024 * 1024,
          '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n',
        ),
        duplex: 'half',
      } as RequestInit);
      expect(res.status, operation.key).toBe(413);
    }
    const json = await t.request('/api/v1/ideas', {
      method: 'POST',
      headers: { cookie: faculty.cookie, 'content-type': 'application/json' },
      body: stream(2 * 1024 * 1024, '{"title":"'),
      duplex: 'half',
    } as RequestInit);
    expect(json.status).toBe(413);
  });

  it('takes a photo body only on the photo route: elsewhere a large multipart body is 413', async () => {
    const { faculty } = world.alpha;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(randomBytes(2 * 1024 * 1024))]), 'big.png');
    const res = await t.request(`/api/v1/profiles/${faculty.id}`, {
      method: 'PUT',
      body: form,
      headers: { cookie: faculty.cookie },
    });
    expect(res.status).toBe(413);
  });

  it('answers two file parts, a file part that is text, or JSON, with 400', async () => {
    const png = new Uint8Array(await tinyPng());
    for (const operation of uploads) {
      const { url, cookie } = target(operation);
      const two = new FormData();
      two.append('file', new Blob([png], { type: 'image/png' }), 'a.png');
      two.append('file', new Blob([png], { type: 'image/png' }), 'b.png');
      const text = new FormData();
      text.append('file', 'not a file');
      for (const body of [two, text]) {
        const res = await t.request(url, { method: 'POST', body, headers: { cookie } });
        expect(res.status, operation.key).toBe(400);
      }
      const asJson = await t.request(
        url,
        jsonInit('POST', { file: { name: 'x.png', data: 'iVBORw0KGgo=' } }, cookie),
      );
      expect(asJson.status, operation.key).toBe(400);
    }
  });
});
