/** Users and admin rights (Cognito user pool + `admins` group). */
import { grantAdminByEmail, listUsers, makeSelfAdmin, SELF_REMOVE_TEXT, setAdmin, USER_NOT_FOUND } from '../data/users.js';
import { HttpError, json, notFound, parse, router } from '../lib/http.js';
import { grantAdminSchema, subParam } from '../shared/site-schemas.js';

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
    const sub = subOf(params.sub);
    // Removing yourself could leave the site with no administrator at all.
    if (sub === caller!.sub) throw new HttpError(400, SELF_REMOVE_TEXT);
    await setAdmin(sub, false);
    return json(204, undefined);
  },

  'POST /api/admin/admins': async ({ body }) => grantAdminByEmail(parse(grantAdminSchema, body ?? {}).email),

  'POST /api/me/make-admin': async ({ caller }) => makeSelfAdmin(caller!.sub),
});
