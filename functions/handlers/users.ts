/** Users and admin rights (Cognito user pool + `admins` group). */
import { grantAdminByEmail, listUsers, makeSelfAdmin, removeAdmin, setAdmin, USER_NOT_FOUND } from '../data/users.js';
import { json, parse, router } from '../lib/http.js';
import { notFound } from '../lib/errors.js';
import { grantAdminSchema, subParam } from '../shared/site-schemas.js';
import { confirmAdmin } from '../lib/admins.js';

const subOf = (raw: string | undefined) => {
  const r = subParam.safeParse(raw);
  if (!r.success) throw notFound(USER_NOT_FOUND);
  return r.data;
};

export const handler = router({
  'GET /api/admin/users': async () => listUsers(),

  'POST /api/admin/users/{sub}/admin': async ({ params }) => {
    await setAdmin(subOf(params.sub), true);
    return json(204, undefined);
  },

  'DELETE /api/admin/users/{sub}/admin': async ({ params, caller }) => {
    await removeAdmin(caller!.sub, subOf(params.sub));
    return json(204, undefined);
  },

  'POST /api/admin/admins': async ({ body }) => grantAdminByEmail(parse(grantAdminSchema, body ?? {}).email),

  'POST /api/me/make-admin': async ({ caller }) => makeSelfAdmin(caller!.sub),
}, { confirmAdmin });
