/** Users and admin rights (Cognito user pool + `admins` group). */
import { grantAdminByEmail, makeSelfAdmin, pageUsers, removeAdmin, removeEditor, setAdmin, setEditor, USER_NOT_FOUND } from '../data/users.js';
import { json, parse, requireCaller, router } from '../lib/http.js';
import { notFound } from '../lib/errors.js';
import { editorGrantSchema, grantAdminSchema, subParam, userListQuerySchema } from '../shared/contracts/users.js';
import { currentGroups } from '../lib/membership.js';
import { recordAudit } from '../lib/audit.js';

/** The audit log's summary of a grant (docs/audit.md); a removal is the reverse. */
const GRANTED = { before: { is_admin: false }, after: { is_admin: true } };

const subOf = (raw: string | undefined) => {
  const r = subParam.safeParse(raw);
  if (!r.success) throw notFound(USER_NOT_FOUND);
  return r.data;
};

export const handler = router(
  {
    'GET /api/admin/users': async ({ query }) => pageUsers(parse(userListQuerySchema, query)),

    'POST /api/admin/users/{sub}/admin': async ({ params, audit }) => {
      await setAdmin(subOf(params.sub), true);
      audit(GRANTED);
      return json(204, undefined);
    },

    'DELETE /api/admin/users/{sub}/admin': async ({ params, caller, audit }) => {
      await removeAdmin(requireCaller(caller).sub, subOf(params.sub));
      audit({ before: GRANTED.after, after: GRANTED.before });
      return json(204, undefined);
    },

    'PUT /api/admin/users/{sub}/editor': async ({ params, body, audit }) => {
      const grant = await setEditor(subOf(params.sub), parse(editorGrantSchema, body ?? {}));
      audit({ after: { editor: grant } });
      return grant;
    },

    'DELETE /api/admin/users/{sub}/editor': async ({ params, audit }) => {
      await removeEditor(subOf(params.sub));
      audit({ after: { editor: null } });
      return json(204, undefined);
    },

    'POST /api/admin/admins': async ({ body, audit }) => {
      const user = await grantAdminByEmail(parse(grantAdminSchema, body ?? {}).email);
      audit({ ...GRANTED, label: user.email });
      return user;
    },

    'POST /api/me/make-admin': async ({ caller, audit }) => {
      const { sub } = requireCaller(caller);
      const r = await makeSelfAdmin(sub);
      audit(r.changed && { ...GRANTED, id: sub }); // an admin already: nothing changed
      return r;
    },
  },
  { currentGroups, audit: recordAudit },
);
