import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import type { As } from './api.ts';

/** A fixture syllabus's bytes (tests/fixtures/syllabi/<name>.pdf). */
export const syllabusPdf = (name: string): Buffer =>
  readFileSync(new URL(`../fixtures/syllabi/${name}.pdf`, import.meta.url));

/** POST /api/upload-pdf as a browser's FormData sends it; answers the status and body. */
export async function uploadPdf(
  token: string,
  csrf: string,
  file: { name: string; bytes: Uint8Array; type?: string },
): Promise<{ status: number; body: Record<string, unknown> }> {
  const form = new FormData();
  form.append('file', new Blob([file.bytes], { type: file.type ?? 'application/pdf' }), file.name);
  const res = await fetch(`${inject('stack').api}/api/upload-pdf`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'x-csrf-token': csrf },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Sets the student's zone (quick add and the syllabus read dates on their clock). */
export async function inZone(as: As, id: string, zone: string): Promise<void> {
  const res = await as('PATCH', `/api/user/${id}`, { time_zone: zone });
  if (res.status !== 200) throw new Error(`time_zone: ${res.status} ${res.text}`);
}
