import { describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, VIP_PATHS } from '@app/contracts/paths';
import { getBalances } from '../src/modules/platform/wallet/wallet.service.ts';
import { callApi } from './api-client.ts';
import { configureProgramme, newMember, openMemberGameSession } from './factory.ts';
import { useTestApp } from './test-app.ts';

/** The factory makes what it says, by the routes and services a player's own data goes through. */
const ctx = useTestApp();

describe('newMember', () => {
  it('registers a member with nothing by default, each from an address of its own', async () => {
    const first = await newMember(ctx);
    const second = await newMember(ctx, { mobilePrefix: '0799' });
    expect(second.mobile).toMatch(/^0799\d{6}$/);
    expect(second.e164).toBe(`+254${second.mobile.slice(1)}`);
    expect(await getBalances(ctx.db, first.id)).toEqual({
      cash: 0,
      withdrawable: 0,
      coins: 0,
      diamonds: 0,
      tickets: 0,
    });
    const addresses = await ctx.db
      .selectFrom('member_session')
      .select('ip')
      .where('member_id', 'in', [first.id, second.id])
      .execute();
    expect(new Set(addresses.map((row) => row.ip)).size).toBe(2);
    // Verified by default, through the identity simulator (Kenya gates play behind it).
    const kyc = await callApi(ctx, ACCOUNT_PATHS.kyc, { method: 'GET', token: second.token });
    expect(kyc.data.status).toBe('verified');
  });

  it('gives cash, bonus cash, coins and diamonds', async () => {
    const { id } = await newMember(ctx, { cash: 500_00, bonus: 200_00, coins: 30, diamonds: 4 });
    expect(await getBalances(ctx.db, id)).toEqual({
      cash: 700_00,
      withdrawable: 500_00,
      coins: 30,
      diamonds: 4,
      tickets: 0,
    });
  });

  it('gives a VIP level and a sent identity form', async () => {
    const { token } = await newMember(ctx, { vipLevel: 4, kyc: 'pending' });
    const level = await callApi(ctx, VIP_PATHS.personalLevel, { method: 'GET', token });
    expect(level.data.levelId).toBe(4);
    const kyc = await callApi(ctx, ACCOUNT_PATHS.kyc, { method: 'GET', token });
    expect(kyc.data.status).toBe('pending');
    const none = await newMember(ctx, { kyc: 'none' });
    const nothing = await callApi(ctx, ACCOUNT_PATHS.kyc, { method: 'GET', token: none.token });
    expect(nothing.data.status).toBe('none');
  });

  it('opens a real-money game session from the member’s login', async () => {
    const { id } = await newMember(ctx, { cash: 100_00 });
    const session = await openMemberGameSession(ctx, id, 'dice');
    expect(session.token).toEqual(expect.any(String));
  });
});

describe('configureProgramme', () => {
  it('sets the settings over the defaults, on unless told otherwise', async () => {
    const on = await configureProgramme(ctx, 'sign-in', { asset: 'cash' });
    expect(on).toMatchObject({ enabled: true, settings: { asset: 'cash', amounts: expect.any(Array) } });
    const off = await configureProgramme(ctx, 'sign-in', {}, { enabled: false });
    expect(off.enabled).toBe(false);
  });
});
