/** The public support form: POST /api/support (name, email, message). */
import type { SupportMessage } from '@shared/contracts/support';
import { apiFetch } from './client';

export const sendSupportMessage = (input: SupportMessage) => apiFetch<unknown>('/support', { method: 'POST', body: input });
