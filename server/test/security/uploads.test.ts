import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app.ts';
import { jsonInit } from '../factories.ts';
import { makeWorld, tinyPng, type World } from './world.ts';

/**
 * What profiles/photo.test.ts does not already prove: polyglots that are valid images, SVGs that
 * reach out (external entities and images: SSRF, file reads), pixel bombs, hostile file names,
 * bodies streamed without a length, and uploads aimed at the wrong routes.
 */
describe('uploads: polyglots, outbound SVG, pixel bombs and oversize bodies', () => {
  let t: TestApp;
  let world: World;
  let listener: Server;
  let probeUrl: string;
  const probed: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    world = await makeWorld(t);
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

  const upload = (bytes: Uint8Array | string, name = 'photo.png', type = 'image/png') => {
    const { faculty } = world.alpha;
    const form = new FormData();
    const part = typeof bytes === 'string' ? bytes : new Uint8Array(bytes);
    form.append('file', new Blob([part], { type }), name);
    return t.request(`/api/v1/profiles/${faculty.id}/photo`, {
      method: 'POST',
      body: form,
      headers: { cookie: faculty.cookie },
    });
  };

  /** Uploads, expects it taken, and answers what is served back. */
  const served = async (bytes: Uint8Array | string, name?: string, type?: string) => {
    const res = await upload(bytes, name, type);
    expect(res.status, await res.clone().text()).toBe(200);
    const { profile_image_url: url } = (await res.json()) as { profile_image_url: string };
    const file = await t.request(url);
    return { url, file, bytes: Buffer.from(await file.arrayBuffer()) };
  };

  const isInertJpeg = ({ file, bytes }: Awaited<ReturnType<typeof served>>) => {
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const text = bytes.toString('latin1');
    for (const marker of ['<script', 'alert(', '<svg', '<html', 'onload']) {
      expect(text).not.toContain(marker);
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
    isInertJpeg(await served(polyglot, 'poly.jpg', 'image/jpeg'));
  });

  it('re-encodes a GIF whose header doubles as JavaScript (GIFAR-style) into plain pixels', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } })
      .gif()
      .toBuffer();
    const trailer = Buffer.from('*/=1;alert(document.domain);/*<html><script>alert(1)</script>');
    isInertJpeg(await served(Buffer.concat([gif, trailer]), 'poly.gif', 'text/html'));
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
    const res = await upload(svg, 'reach.svg', 'image/svg+xml');
    expect(res.status).toBeLessThan(500);
    if (res.status === 200) {
      const { profile_image_url: url } = (await res.json()) as { profile_image_url: string };
      const file = await t.request(url);
      expect(file.headers.get('content-type')).toBe('image/jpeg');
      expect(Buffer.from(await file.arrayBuffer()).toString('latin1')).not.toContain('root:');
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
    for (const bomb of bombs) {
      const started = performance.now();
      const res = await upload(bomb, 'bomb.png');
      expect(res.status).toBe(400);
      expect(performance.now() - started).toBeLessThan(5_000);
    }
  });

  it('ignores the client’s file name: traversal and markup never reach the stored key or URL', async () => {
    for (const name of [
      '../../../../tmp/evil.png',
      '<img src=x onerror=alert(1)>.png',
      'a\r\nb.png',
    ]) {
      const { url } = await served(await tinyPng(), name);
      expect(url).toMatch(/\/uploads\/[A-Za-z0-9/_-]+\.jpg$/);
    }
  });

  it('answers 413 to bodies streamed without a length, over 10 MiB for a photo and 1 MiB elsewhere', async () => {
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
    const photo = await t.request(`/api/v1/profiles/${faculty.id}/photo`, {
      method: 'POST',
      headers: { cookie: faculty.cookie, 'content-type': 'multipart/form-data; boundary=x' },
      body: stream(
        11 * 1024 * 1024,
        '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n',
      ),
      duplex: 'half',
    } as RequestInit);
    expect(photo.status).toBe(413);
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

  it('answers two file parts, or a file part that is text, with 400', async () => {
    const { faculty } = world.alpha;
    const png = new Uint8Array(await tinyPng());
    const two = new FormData();
    two.append('file', new Blob([png], { type: 'image/png' }), 'a.png');
    two.append('file', new Blob([png], { type: 'image/png' }), 'b.png');
    const text = new FormData();
    text.append('file', 'not a file');
    for (const body of [two, text]) {
      const res = await t.request(`/api/v1/profiles/${faculty.id}/photo`, {
        method: 'POST',
        body,
        headers: { cookie: faculty.cookie },
      });
      expect(res.status).toBe(400);
    }
    const asJson = await t.request(
      `/api/v1/profiles/${faculty.id}/photo`,
      jsonInit('POST', { file: { name: 'x.png', data: 'iVBORw0KGgo=' } }, faculty.cookie),
    );
    expect(asJson.status).toBe(400);
  });
});
