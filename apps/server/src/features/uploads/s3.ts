import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../../platform/config.js';
import type { ImageStorage } from './storage.js';
import { CACHE_FOREVER } from './uploads.policy.js';

/**
 * Presigned addresses (docs/domain.md M4): all links of one 5-minute window are signed at its start,
 * so the same picture gets the same address for everyone in that window and browsers' caches hit;
 * each is valid 10 minutes, so a link handed out at the window's very end still has 5.
 */
export const LINK_WINDOW_SECONDS = 300;
export const LINK_LIFETIME_SECONDS = 600;

/** The SDK takes most of a second to load: only a site that stores pictures in S3 loads it, on first use. */
const loadSdk = async () => {
  const [sdk, presigner] = await Promise.all([
    import('@aws-sdk/client-s3'),
    import('@aws-sdk/s3-request-presigner'),
  ]);
  return { ...sdk, getSignedUrl: presigner.getSignedUrl };
};
type Sdk = Awaited<ReturnType<typeof loadSdk>>;

/** The AWS SDK's client for the configured bucket; its credentials come from S3_* only. */
function s3Client(sdk: Sdk, config: S3Config): S3Client {
  return new sdk.S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    // Given outright, so the SDK never looks for credentials in files, the environment or instance metadata.
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Checksum headers only where S3 requires them: several S3-compatible services refuse the CRC32
    // headers the SDK would otherwise add to every upload.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** Images in an S3-compatible bucket (AWS S3, MinIO, R2, ...) under S3_PREFIX (docs/domain.md M1). */
export function s3Storage(config: S3Config): ImageStorage {
  let ready: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
  const open = () => (ready ??= loadSdk().then((sdk) => ({ sdk, client: s3Client(sdk, config) })));
  const target = (key: string) => ({ Bucket: config.bucket, Key: `${config.prefix}${key}` });
  const statusOf = (sdk: Sdk, error: unknown) =>
    error instanceof sdk.S3ServiceException ? error.$metadata.httpStatusCode : undefined;

  return {
    kind: 's3',
    async put(key, body, contentType) {
      const { sdk, client } = await open();
      await client.send(
        new sdk.PutObjectCommand({
          ...target(key),
          Body: body,
          ContentType: contentType,
          CacheControl: CACHE_FOREVER,
        }),
      );
    },
    async get(key) {
      const { sdk, client } = await open();
      try {
        const object = await client.send(new sdk.GetObjectCommand(target(key)));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
      } catch (error) {
        if (error instanceof sdk.NoSuchKey || statusOf(sdk, error) === 404) return null;
        throw error;
      }
    },
    async remove(key) {
      const { sdk, client } = await open();
      try {
        // S3 answers 204 whether or not the object was there.
        await client.send(new sdk.DeleteObjectCommand(target(key)));
      } catch (error) {
        if (statusOf(sdk, error) !== 404) throw error;
      }
    },
    async link(key, now) {
      const { sdk, client } = await open();
      const windowMs = LINK_WINDOW_SECONDS * 1000;
      const windowStart = Math.floor(now.getTime() / windowMs) * windowMs;
      const url = await sdk.getSignedUrl(client, new sdk.GetObjectCommand(target(key)), {
        expiresIn: LINK_LIFETIME_SECONDS,
        signingDate: new Date(windowStart),
      });
      return { url, maxAgeSeconds: Math.ceil((windowStart + windowMs - now.getTime()) / 1000) };
    },
  };
}
