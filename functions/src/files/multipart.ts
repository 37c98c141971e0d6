import { importedText } from '@brainboard/domain';
import busboy from 'busboy';
import type { Request } from 'express';

/** One file part of a multipart body, buffered up to the size limit. */
interface UploadedFile {
  field: string;
  /** The file's name as a person would recognise it (no folders, no control characters). */
  name: string;
  bytes: Buffer;
  /** True when the file was larger than the limit (then `bytes` holds only the first part). */
  tooLarge: boolean;
}

export interface ParsedUpload {
  files: UploadedFile[];
  /** More file parts were sent than allowed; the extra ones were skipped. */
  tooManyFiles: boolean;
}

export class NotMultipartError extends Error {
  constructor(cause?: unknown) {
    super('The request is not multipart/form-data.', { cause });
    this.name = 'NotMultipartError';
  }
}

/**
 * A name fit to show in a message: the last path segment, by the import text rules
 * (domain/src/safeText.ts: no control or bidirectional characters, cut with "…" to 200).
 */
export function displayName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  return importedText(base, 200) || 'file';
}

/**
 * Reads the file parts of a multipart request. In Cloud Functions and the
 * Functions emulator the body has already been read into `req.rawBody`; in
 * plain Express (tests) it is piped from the request.
 */
export function readUpload(
  req: Request,
  limits: { maxBytes: number; maxFiles: number },
): Promise<ParsedUpload> {
  return new Promise<ParsedUpload>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        limits: {
          files: limits.maxFiles,
          // busboy marks a file of exactly `fileSize` bytes as truncated: allow one more byte
          // and decide by the length.
          fileSize: limits.maxBytes + 1,
          fields: 20,
          parts: 40,
          fieldSize: 64 * 1024,
        },
      });
    } catch (err) {
      reject(new NotMultipartError(err));
      return;
    }

    const files: UploadedFile[] = [];
    const pending: Promise<void>[] = [];
    let tooManyFiles = false;

    parser.on('file', (field, stream, info) => {
      pending.push(
        new Promise<void>((done, fail) => {
          const chunks: Buffer[] = [];
          let tooLarge = false;
          let size = 0;
          stream.on('data', (chunk: Buffer) => {
            size += chunk.length;
            chunks.push(chunk);
          });
          stream.on('limit', () => {
            tooLarge = size > limits.maxBytes;
          });
          stream.on('error', fail);
          stream.on('end', () => {
            files.push({
              field,
              name: displayName(info.filename),
              bytes: Buffer.concat(chunks),
              tooLarge:
                tooLarge ||
                (stream as { truncated?: boolean }).truncated === true ||
                size > limits.maxBytes,
            });
            done();
          });
        }),
      );
    });
    parser.on('filesLimit', () => {
      tooManyFiles = true;
    });
    parser.on('error', (err) => reject(err instanceof Error ? err : new Error(String(err))));
    parser.on('close', () => {
      Promise.all(pending).then(() => resolve({ files, tooManyFiles }), reject);
    });

    const raw = (req as { rawBody?: unknown }).rawBody;
    if (Buffer.isBuffer(raw)) {
      parser.end(raw);
    } else {
      req.on('error', reject);
      req.pipe(parser);
    }
  });
}
