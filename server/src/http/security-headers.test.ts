import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { imageOrigins } from '../storage/s3.ts';
import { contentSecurityPolicy } from './security-headers.ts';

const base = { SECRET_KEY: 'k'.repeat(40), DATA_DIR: '/tmp/kindling-csp-test' };
const imageSources = (env: Record<string, string>) =>
  contentSecurityPolicy(imageOrigins(loadConfig({ ...base, ...env })))
    .split('; ')
    .find((d) => d.startsWith('img-src'));

describe('content security policy', () => {
  it('allows images from the app only, by default', () => {
    expect(imageSources({})).toBe("img-src 'self' data: blob:");
  });

  it("allows the bucket's origin when photos live in S3", () => {
    expect(imageSources({ S3_BUCKET: 'photos', S3_REGION: 'eu-west-1' })).toContain(
      'https://photos.s3.eu-west-1.amazonaws.com',
    );
    expect(imageSources({ S3_BUCKET: 'photos', S3_ENDPOINT: 'http://127.0.0.1:9000' })).toContain(
      'http://127.0.0.1:9000',
    );
    expect(
      imageSources({ S3_BUCKET: 'photos', S3_PUBLIC_URL: 'https://cdn.uni.edu/photos' }),
    ).toContain('https://cdn.uni.edu');
  });
});
