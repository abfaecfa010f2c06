/** Media for the admin forms: direct uploads to storage, and text-to-speech. */
import type { PresignedUpload, UploadKind } from '@shared/contracts/media';
import type { Speaker } from '@shared/contracts/speech';
import { ApiError, apiFetch } from './client';
import { api } from '@shared/urls';

/**
 * Uploads a file straight to storage: asks the API for a presigned POST (server-chosen key, type
 * and size limits in the policy), then posts the form with XMLHttpRequest to report progress
 * (0..1). Resolves with the file's public URL.
 */
export async function uploadFile(kind: UploadKind, file: File, onProgress?: (fraction: number) => void): Promise<string> {
  const target = await apiFetch<PresignedUpload>(api.uploads, {
    method: 'POST',
    auth: true,
    body: { kind, filename: file.name, content_type: file.type, size: file.size },
  });
  const form = new FormData();
  for (const [k, v] of Object.entries(target.fields)) form.append(k, v);
  form.append('file', file); // S3 ignores every field after the file: it goes last
  await new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', target.url);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress?.(e.loaded / e.total);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      const code = /<Message>([^<]*)<\/Message>/.exec(xhr.responseText)?.[1];
      reject(new ApiError(xhr.status, code ? `Upload refused by storage: ${code}` : `Upload failed (${xhr.status})`));
    };
    xhr.onerror = () => reject(new ApiError(0, 'Upload failed: network error'));
    xhr.send(form);
  });
  onProgress?.(1);
  return target.public_url;
}

/** Generates MP3 audio for the text in the language's voice A or B (offline engine locally, Polly in AWS); resolves with its URL. */
export async function generateSpeech(text: string, language = 'en', speaker: Speaker = 'a'): Promise<string> {
  const r = await apiFetch<{ audio_url: string }>(api.tts, { method: 'POST', auth: true, body: { text, language, speaker } });
  return r.audio_url;
}
