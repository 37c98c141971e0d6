import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { readLocalStack } from '../localStack.ts';

/**
 * Where uploaded PDFs' bytes live (docs/architecture.md, The parts and The local stack): Cloud
 * Storage in
 * production and with the full emulator suite, a local directory in lite
 * mode. Paths are `users/{uid}/files/{fileId}` in both, the layout that
 * storage.rules protects.
 */
export interface FileStore {
  put(path: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when nothing is stored at `path`. */
  get(path: string): Promise<Buffer | null>;
  /** Removes what is stored at `path`; nothing stored there is no error. */
  delete(path: string): Promise<void>;
  /** Removes everything stored under `prefix` (a folder such as `users/u1/files/`). */
  deletePrefix(prefix: string): Promise<void>;
}

export const userFilesPrefix = (uid: string) => `users/${uid}/files/`;
export const storedFilePath = (uid: string, fileId: string) => `${userFilesPrefix(uid)}${fileId}`;

/** Files on local disk under `root` (lite mode: FILE_STORE_DIR). */
export class LocalFileStore implements FileStore {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  /** The absolute path for `path`, refusing anything that would leave the root. */
  private locate(path: string): string {
    const full = resolve(this.root, path);
    if (full !== this.root && !full.startsWith(this.root + sep)) {
      throw new Error(`File store path escapes its root: ${path}`);
    }
    return full;
  }

  async put(path: string, bytes: Buffer, _contentType?: string): Promise<void> {
    const full = this.locate(path);
    await mkdir(dirname(full), { recursive: true });
    await writeFile(full, bytes);
  }

  async get(path: string): Promise<Buffer | null> {
    try {
      return await readFile(this.locate(path));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(path: string): Promise<void> {
    await rm(this.locate(path), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    await rm(this.locate(prefix), { recursive: true, force: true });
  }
}

/** The minimal slice of @google-cloud/storage's Bucket that the store uses. */
interface BucketLike {
  file(path: string): {
    save(data: Buffer, options: { contentType: string; resumable: boolean }): Promise<unknown>;
    download(): Promise<[Buffer]>;
    delete(options: { ignoreNotFound: boolean }): Promise<unknown>;
  };
  deleteFiles(query: { prefix: string; force?: boolean }): Promise<unknown>;
}

/** Files in a Cloud Storage bucket (production, and the Storage emulator in full mode). */
class CloudStorageFileStore implements FileStore {
  constructor(private readonly bucket: () => Promise<BucketLike>) {}

  async put(path: string, bytes: Buffer, contentType: string): Promise<void> {
    await (await this.bucket()).file(path).save(bytes, { contentType, resumable: false });
  }

  async get(path: string): Promise<Buffer | null> {
    try {
      const [bytes] = await (await this.bucket()).file(path).download();
      return bytes;
    } catch (err) {
      if ((err as { code?: unknown }).code === 404) return null;
      throw err;
    }
  }

  async delete(path: string): Promise<void> {
    await (await this.bucket()).file(path).delete({ ignoreNotFound: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    await (await this.bucket()).deleteFiles({ prefix, force: true });
  }
}

let fromEnv: FileStore | undefined;

/**
 * The store the environment asks for: FILE_STORE_DIR selects a local
 * directory; otherwise the bucket FILE_STORE_BUCKET, or the project's
 * default bucket.
 */
export function fileStoreFromEnv(env: NodeJS.ProcessEnv = process.env): FileStore {
  const dir = readLocalStack(env).fileStoreDir;
  if (fromEnv) return fromEnv;
  if (dir) {
    fromEnv = new LocalFileStore(dir);
  } else {
    const bucketName = env.FILE_STORE_BUCKET || undefined;
    fromEnv = new CloudStorageFileStore(async () => {
      const [{ getStorage }, { getServices }] = await Promise.all([
        import('firebase-admin/storage'),
        import('../firebase.ts'),
      ]);
      const { app } = getServices();
      const name =
        bucketName ??
        (app.options.storageBucket as string | undefined) ??
        `${app.options.projectId ?? env.GCLOUD_PROJECT}.appspot.com`;
      return getStorage(app).bucket(name) as unknown as BucketLike;
    });
  }
  return fromEnv;
}
