import { ConfigError, loadConfig } from './config.js';
import { ensureBucket } from './transcription/blobs/s3BlobStore.js';

/** The image's `bucket` command: creates S3_BUCKET in a new object store, waiting for it a minute. */
async function main(): Promise<void> {
  const { s3 } = loadConfig().transcription;
  if (!s3) throw new ConfigError('BLOB_STORE=s3 and S3_BUCKET are needed to create a bucket');
  const created = await ensureBucket(s3, 60);
  console.log(`bucket ${s3.bucket} ${created ? 'created' : 'already there'}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
