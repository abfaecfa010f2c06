/**
 * 'Invite': someone new joins the team by e-mail, as an administrator or as an editor of chosen
 * languages. Cognito mails them a temporary password and a link to /auth, where they choose their
 * own (docs/back-office.md "Inviting the team"). Inviting someone who has not signed in yet sends
 * the invitation again with the role chosen now.
 */
import { Field, Radio, RadioGroup } from '@fluentui/react-components';
import { inviteSchema, type InviteInput } from '@shared/contracts/users';
import { inviteUser } from '../../api/users';
import { messageOf } from '../components/formErrors';
import { FormDialog, TextField } from '../components/SchemaForm';
import { useSchemaForm } from '../components/useSchemaForm';
import { EditorRightsFields } from './EditorRightsFields';

type Role = InviteInput['role'];
const EMPTY = { email: '', role: 'editor' as Role, languages: [] as string[], publish_posts: false };

export function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const form = useSchemaForm(EMPTY, { open, onDone: onClose });
  const { role, languages, publish_posts } = form.values;
  return (
    <FormDialog
      form={form}
      open={open}
      onClose={onClose}
      title="Invite someone"
      actions={{ label: 'Send Invitation', busyLabel: 'Sending...' }}
      onSubmit={(e) =>
        form.submit(e, {
          schema: inviteSchema,
          send: inviteUser,
          ok: (r) => (r.resent ? `Invitation sent again to ${r.email}` : `Invitation sent to ${r.email}`),
          failed: 'Failed to send the invitation',
        })
      }
    >
      <p>They get an e-mail with a temporary password and a link to the sign-in page, where they choose their own password.</p>
      <TextField form={form} name="email" label="Email" type="email" required />
      <Field label="Role" required validationMessage={messageOf(form.errors, 'role')}>
        <RadioGroup value={role} onChange={(_, d) => form.set('role', d.value as Role)}>
          <Radio value="editor" label="Editor of the languages below" />
          <Radio value="admin" label="Administrator (everything, including users and settings)" />
        </RadioGroup>
      </Field>
      {role === 'editor' && (
        <EditorRightsFields
          languages={languages}
          publishPosts={publish_posts}
          error={messageOf(form.errors, 'languages')}
          onLanguages={(l) => form.set('languages', l)}
          onPublishPosts={(on) => form.set('publish_posts', on)}
        />
      )}
    </FormDialog>
  );
}
