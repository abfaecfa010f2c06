/** The description under a failure toast: the API's own message when it sent one. */
import { ApiError } from '../../api/client';

export const failureBody = (err: unknown) => (err instanceof ApiError ? err.message : undefined);
