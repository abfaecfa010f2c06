/**
 * An invitation is all-or-nothing (functions/data/invites.ts): when Cognito fails after the account
 * was made (the rights or the mail), the account is deleted and no mail goes out. A local server
 * cannot be made to fail between two calls, so Cognito is mocked here; the happy paths run on the
 * twin (tests/integration/invites.test.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { inviteUser } from '../../functions/data/invites.js';

const cognito = mockClient(CognitoIdentityProviderClient);
const named = (name: string) => Object.assign(new Error(name), { name });
const SUB = '0b6f3a52-0000-4000-8000-000000000001';

function newAccount() {
  cognito.reset();
  cognito.on(AdminGetUserCommand).rejects(named('UserNotFoundException'));
  cognito.on(AdminCreateUserCommand, { MessageAction: 'SUPPRESS' }).resolves({ User: { Username: SUB, Attributes: [{ Name: 'sub', Value: SUB }] } });
  cognito.on(AdminDeleteUserCommand).resolves({});
}
const sent = (action: string) => cognito.commandCalls(AdminCreateUserCommand).filter((c) => c.args[0].input.MessageAction === action);
const deleted = () => cognito.commandCalls(AdminDeleteUserCommand).map((c) => c.args[0].input.Username);

afterEach(() => cognito.reset());

describe('inviting when Cognito fails part-way', () => {
  it('deletes the new account and sends no mail when the rights cannot be written', async () => {
    newAccount();
    cognito.on(AdminAddUserToGroupCommand).rejects(named('InternalErrorException'));
    await expect(inviteUser({ email: 'new@team.test', role: 'admin' })).rejects.toThrow('InternalErrorException');
    expect(deleted()).toEqual([SUB]);
    expect(sent('RESEND')).toHaveLength(0);
  });

  it('deletes the new account when the mail cannot be sent, and reports the first failure if the delete fails too', async () => {
    newAccount();
    cognito.on(AdminAddUserToGroupCommand).resolves({});
    cognito.on(AdminCreateUserCommand, { MessageAction: 'RESEND' }).rejects(named('CodeDeliveryFailureException'));
    cognito.on(AdminDeleteUserCommand).rejects(named('TooManyRequestsException'));
    await expect(inviteUser({ email: 'new@team.test', role: 'admin' })).rejects.toThrow('CodeDeliveryFailureException');
    expect(deleted()).toEqual([SUB]);
  });

  it('sends the mail only after the rights are written', async () => {
    newAccount();
    cognito.on(AdminAddUserToGroupCommand).resolves({});
    cognito.on(AdminCreateUserCommand, { MessageAction: 'RESEND' }).resolves({});
    expect(await inviteUser({ email: 'new@team.test', role: 'admin' })).toEqual({ id: SUB, email: 'new@team.test', resent: false });
    const order = cognito.calls().map((c) => `${c.args[0].constructor.name}:${(c.args[0].input as { MessageAction?: string }).MessageAction ?? ''}`);
    expect(order).toEqual(['AdminGetUserCommand:', 'AdminCreateUserCommand:SUPPRESS', 'AdminAddUserToGroupCommand:', 'AdminCreateUserCommand:RESEND']);
    expect(deleted()).toEqual([]);
  });
});
