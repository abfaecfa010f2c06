/** Users and admin rights (Cognito user pool + `admins` group). */
import { inviteUser, removeAccess, resendInvitation } from '../data/invites.js';
import { grantAdminByEmail, makeSelfAdmin, pageUsers, removeAdmin, removeEditor, setAdmin, setEditor } from '../data/users.js';
import { json, requireCaller, router } from '../lib/http.js';
import { currentGroups } from '../lib/membership.js';
import { recordAudit } from '../services/audit.js';

/** The audit log's summary of a grant (docs/audit.md); a removal is the reverse. */
const GRANTED = { before: { is_admin: false }, after: { is_admin: true } };

export const handler = router(
  {
    'GET /api/admin/users': async ({ query }) => pageUsers(query),

    'POST /api/admin/users/{sub}/admin': async ({ params, audit }) => {
      await setAdmin(params.sub, true);
      audit(GRANTED);
      return json(204, undefined);
    },

    'DELETE /api/admin/users/{sub}/admin': async ({ params, caller, audit }) => {
      await removeAdmin(requireCaller(caller).sub, params.sub);
      audit({ before: GRANTED.after, after: GRANTED.before });
      return json(204, undefined);
    },

    'PUT /api/admin/users/{sub}/editor': async ({ params, body, audit }) => {
      const grant = await setEditor(params.sub, body);
      audit({ after: { editor: grant } });
      return grant;
    },

    'DELETE /api/admin/users/{sub}/editor': async ({ params, audit }) => {
      await removeEditor(params.sub);
      audit({ after: { editor: null } });
      return json(204, undefined);
    },

    'POST /api/admin/admins': async ({ body, audit }) => {
      const user = await grantAdminByEmail(body.email);
      audit({ ...GRANTED, label: user.email });
      return user;
    },

    'POST /api/admin/invitations': async ({ body, audit }) => {
      const invited = await inviteUser(body);
      const { email: _email, ...role } = body;
      audit({ id: invited.id, label: invited.email, after: { invited: role } });
      return json(invited.resent ? 200 : 201, invited);
    },

    'POST /api/admin/users/{sub}/invitation': async ({ params, audit }) => {
      const { email } = await resendInvitation(params.sub);
      audit({ label: email, after: { invited: true } });
      return json(204, undefined);
    },

    'DELETE /api/admin/users/{sub}/access': async ({ params, caller, audit }) => {
      const r = await removeAccess(requireCaller(caller).sub, params.sub);
      audit({ label: r.email, after: { access: null, account: r.deleted ? 'deleted' : 'kept' } });
      return r;
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
