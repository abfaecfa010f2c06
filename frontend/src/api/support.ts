/** The public support form: POST /api/support (name, email, message). */
import type { SupportMessage } from '@shared/contracts/support';
import { apiFetch } from './client';
import { api } from '@shared/urls';

export const sendSupportMessage = (input: SupportMessage) => apiFetch<unknown>(api.support, { method: 'POST', body: input });
