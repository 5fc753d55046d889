import type { Config } from '../config.ts';
import { assertStorageKey, isStorageKey, type Storage, type StoredFile } from './port.ts';

type S3Config = NonNullable<Config['s3']>;

/** Where browsers load objects from: S3_PUBLIC_URL, else the endpoint's path-style bucket URL. */
export function publicBaseOf(config: S3Config): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  if (config.endpoint) return `${config.endpoint.replace(/\/+$/, '')}/${config.bucket}`;
  return `https://${config.bucket}.s3.${config.region}.amazonaws.com`;
}

/** Where photos come from besides the app: the bucket's origin when S3 storage is configured. */
export const imageOrigins = (config: { s3: S3Config | null }) =>
  config.s3 ? [new URL(publicBaseOf(config.s3)).origin] : [];

type Sdk = typeof import('@aws-sdk/client-s3');

/** S3 or an S3-compatible server (MinIO, Ceph, s3rver): path-style addressing, as they need. */
export class S3Storage implements Storage {
  private loaded: Promise<{ sdk: Sdk; client: InstanceType<Sdk['S3Client']> }> | undefined;
  private readonly publicBase: string;

  constructor(private readonly config: S3Config) {
    this.publicBase = publicBaseOf(config);
  }

  /**
   * The AWS SDK is loaded by the first file stored or read rather than at start: it held about
   * 11 MB in every server, most of which never store a file (decision 0048).
   */
  private load() {
    this.loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: this.newClient(sdk),
    }));
    return this.loaded;
  }

  private newClient({ S3Client }: Sdk) {
    const config = this.config;
    return new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
      ...(config.accessKeyId && config.secretAccessKey
        ? {
            credentials: {
              accessKeyId: config.accessKeyId,
              secretAccessKey: config.secretAccessKey,
            },
          }
        : {}),
      // S3-compatible servers do not all know the newer default checksums; send them only when an
      // operation requires one.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    assertStorageKey(key);
    const { sdk, client } = await this.load();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.config.bucket,
        Key: key,
        Body: bytes,
        ContentType: contentType,
        // Keys are random and never rewritten, so a cached copy can never go stale.
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }

  url(key: string): string {
    return `${this.publicBase}/${key}`;
  }

  async get(key: string): Promise<StoredFile | null> {
    if (!isStorageKey(key)) return null;
    const { sdk, client } = await this.load();
    try {
      const answer = await client.send(
        new sdk.GetObjectCommand({ Bucket: this.config.bucket, Key: key }),
      );
      if (!answer.Body) return null;
      return {
        body: answer.Body.transformToWebStream() as ReadableStream<Uint8Array>,
        contentType: answer.ContentType ?? 'application/octet-stream',
        size: answer.ContentLength ?? null,
      };
    } catch (error) {
      if (error instanceof sdk.NoSuchKey) return null;
      if (error instanceof sdk.S3ServiceException && error.$metadata.httpStatusCode === 404) {
        return null;
      }
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    assertStorageKey(key);
    const { sdk, client } = await this.load();
    // S3 answers a delete of a missing key with success, as the port asks.
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.config.bucket, Key: key }));
  }
}
