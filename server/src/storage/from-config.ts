import path from 'node:path';
import type { Config } from '../config.ts';
import { LocalDiskStorage } from './local-disk.ts';
import type { Storage } from './port.ts';
import { S3Storage } from './s3.ts';

/** CONTRACT §2: S3-compatible storage when S3_BUCKET is set, else files under `$DATA_DIR/uploads`. */
export function storageFromConfig(config: Config): Storage {
  return config.s3
    ? new S3Storage(config.s3)
    : new LocalDiskStorage(path.join(config.dataDir, 'uploads'));
}
