import { describe, expect, it } from 'vitest';
import {
  canReadMembers,
  canWriteMembers,
  tokenPermissions,
} from '../../member-app/console/token-permissions.ts';
import { OPERATOR_PERMISSIONS, signToken } from '../support/tokens.ts';

describe('the operator’s permission read from an access token, for display (member-app/console)', () => {
  it('finds read:members in an operator’s token, as the provider signs it', async () => {
    const token = await signToken({ permissions: OPERATOR_PERMISSIONS });
    expect(tokenPermissions(token)).toEqual(['read:members', 'write:members']);
    expect(canReadMembers(token)).toBe(true);
  });

  it('a member’s token, or one granting other permissions, shows no console', async () => {
    expect(canReadMembers(await signToken({}))).toBe(false);
    expect(canReadMembers(await signToken({ permissions: ['write:members'] }))).toBe(false);
    expect(canReadMembers(await signToken({ extra: { permissions: 'read:members' } }))).toBe(false);
  });

  it('shows the member actions only for a token carrying write:members', async () => {
    expect(canWriteMembers(await signToken({ permissions: OPERATOR_PERMISSIONS }))).toBe(true);
    expect(canWriteMembers(await signToken({ permissions: ['read:members'] }))).toBe(false);
    expect(canWriteMembers(await signToken({}))).toBe(false);
    expect(canWriteMembers(null)).toBe(false);
  });

  it('anything that is not a token grants nothing', () => {
    expect(tokenPermissions(null)).toEqual([]);
    expect(tokenPermissions('')).toEqual([]);
    expect(tokenPermissions('not-a-jwt')).toEqual([]);
    expect(tokenPermissions('a.!!!.c')).toEqual([]);
  });
});
