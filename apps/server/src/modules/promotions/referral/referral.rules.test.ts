import { describe, expect, it } from 'vitest';
import {
  channelOf,
  guidCookieValue,
  invitationShares,
  networkOf,
  parseGuidCode,
  SHARE_NETWORKS,
} from '@app/contracts/referral';
import type { Fact } from '../../platform/wallet/money-facts.ts';
import {
  addProgress,
  capReached,
  dueAtOf,
  findSignals,
  inviteTaskStatus,
  isDue,
  isQualified,
  progressOf,
  type MemberSignals,
} from './referral.rules.ts';

const fact = (memberId: number, kind: Fact['kind'], amount: number): Fact => ({
  transactionId: 1,
  kind,
  memberId,
  amount,
  ownMoney: amount,
  gameId: null,
  ref: 'r',
  createdAt: new Date(),
});

const none: MemberSignals = { deviceIds: [], msisdns: [], kycIds: [], ips: [] };

describe('channels and links', () => {
  it('numbers the share channels from 1 in the spec order', () => {
    expect(SHARE_NETWORKS.map(channelOf)).toEqual([1, 2, 3, 4, 5]);
    expect(networkOf(1)).toBe('facebook');
    expect(networkOf(2)).toBe('linkedin');
    expect(networkOf(5)).toBe('sms');
    for (const bad of [0, 6, 1.5, -1]) expect(networkOf(bad)).toBeUndefined();
  });

  it('builds each network’s share address with the invitation link of its channel', () => {
    const shares = invitationShares({
      origin: 'https://win.example',
      code: 'ABCD2345',
      title: 'Join me',
      summary: 'Play & win',
      source: 'WinSlots',
    });
    expect(shares.map((share) => [share.network, share.channel, share.link])).toEqual([
      ['facebook', 1, 'https://win.example/invitation/ABCD2345/1'],
      ['linkedin', 2, 'https://win.example/invitation/ABCD2345/2'],
      ['twitter', 3, 'https://win.example/invitation/ABCD2345/3'],
      ['whatsapp', 4, 'https://win.example/invitation/ABCD2345/4'],
      ['sms', 5, 'https://win.example/invitation/ABCD2345/5'],
    ]);
    const link = (channel: number) =>
      encodeURIComponent(`https://win.example/invitation/ABCD2345/${channel}`);
    expect(shares[0]?.href).toBe(
      `https://www.facebook.com/sharer/sharer.php?u=${link(1)}&quote=Play%20%26%20win`,
    );
    expect(shares[1]?.href).toBe(
      `https://www.linkedin.com/shareArticle?mini=true&url=${link(2)}&title=Join%20me&summary=Play%20%26%20win&source=WinSlots`,
    );
    expect(shares[2]?.href).toBe(`https://twitter.com/intent/tweet?url=${link(3)}&text=Join%20me`);
    expect(shares[3]?.href).toBe(`https://wa.me/?text=Play%20%26%20win%20${link(4)}`);
    expect(shares[4]?.href).toBe(`sms:?body=Play%20%26%20win%20${link(5)}`);
    // Hiding LinkedIn keeps the other channels' numbers.
    const hidden = invitationShares(
      { origin: 'o', code: 'ABCD2345', title: 't', summary: 's' },
      { hideLinkedIn: true },
    );
    expect(hidden.map((share) => share.channel)).toEqual([1, 3, 4, 5]);
  });

  it('reads the guid cookie’s code and channel, and nothing else', () => {
    expect(guidCookieValue('abcd2345', 4)).toBe('ABCD2345.4');
    expect(parseGuidCode('ABCD2345.4')).toEqual({ code: 'ABCD2345', channel: 4 });
    expect(parseGuidCode('abcd2345')).toEqual({ code: 'ABCD2345', channel: 0 });
    expect(parseGuidCode('ABCD2345.9')).toEqual({ code: 'ABCD2345', channel: 0 });
    for (const bad of [
      '',
      undefined,
      null,
      'a.1',
      'ABCD 2345',
      "ABCD2345'--",
      '0f8fad5b-d9cb-469f-a165-70867728950e',
    ])
      expect(parseGuidCode(bad)).toBeUndefined();
  });
});

describe('qualification', () => {
  it('counts deposits and stakes less rollbacks of the listed invitees only', () => {
    const progress = progressOf(
      [
        fact(1, 'deposit', 100_00),
        fact(1, 'bet', 30_00),
        fact(1, 'rollback', 10_00),
        fact(1, 'win', 500_00),
        fact(2, 'bet', 99),
      ],
      new Set([1]),
    );
    expect([...progress]).toEqual([[1, { deposited: 100_00, wagered: 20_00 }]]);
    expect(addProgress({ deposited: 0, wagered: 5 }, { deposited: 0, wagered: -10 })).toEqual({
      deposited: 0,
      wagered: 0,
    });
  });

  it('qualifies only when both the deposit and the wagering reach their thresholds', () => {
    const thresholds = { minDeposit: 100_00, minWager: 200_00 };
    expect(isQualified({ deposited: 100_00, wagered: 200_00 }, thresholds)).toBe(true);
    expect(isQualified({ deposited: 99_99, wagered: 500_00 }, thresholds)).toBe(false);
    expect(isQualified({ deposited: 500_00, wagered: 199_99 }, thresholds)).toBe(false);
  });

  it('falls due after the hold, to the millisecond', () => {
    const qualified = new Date('2026-11-01T10:00:00Z');
    const due = dueAtOf(qualified, 7);
    expect(due.toISOString()).toBe('2026-11-08T10:00:00.000Z');
    expect(isDue(due, new Date(due.getTime() - 1))).toBe(false);
    expect(isDue(due, due)).toBe(true);
    expect(isDue(dueAtOf(qualified, 0), qualified)).toBe(true);
    expect(isDue(null, qualified)).toBe(false);
  });

  it('names the first cap reached: total, then month, then day', () => {
    const caps = { perDay: 2, perMonth: 5, total: 10 };
    expect(capReached({ day: 1, month: 4, total: 9 }, caps)).toBeUndefined();
    expect(capReached({ day: 2, month: 2, total: 2 }, caps)).toBe('cap-day');
    expect(capReached({ day: 0, month: 5, total: 5 }, caps)).toBe('cap-month');
    expect(capReached({ day: 0, month: 0, total: 10 }, caps)).toBe('cap-total');
  });

  it('marks invite tasks going, reached, collected', () => {
    expect(inviteTaskStatus(0, 1, false)).toBe(0);
    expect(inviteTaskStatus(3, 3, false)).toBe(1);
    expect(inviteTaskStatus(3, 3, true)).toBe(4);
  });
});

describe('abuse signals', () => {
  it('refuses on a shared device, M-Pesa number or KYC id, and only flags a shared address', () => {
    const invitee = {
      deviceIds: ['d1'],
      msisdns: ['254700000001'],
      kycIds: ['IdCardNumber:1'],
      ips: ['1.1.1.1'],
    };
    const cases: [Partial<MemberSignals>, string | undefined, boolean][] = [
      [{ deviceIds: ['d1'] }, 'same-device', false],
      [{ msisdns: ['254700000001'] }, 'same-mpesa', false],
      [{ kycIds: ['IdCardNumber:1'] }, 'same-kyc-id', false],
      [{ ips: ['1.1.1.1'] }, undefined, true],
      [{ deviceIds: ['d2'], ips: ['2.2.2.2'] }, undefined, false],
    ];
    for (const [other, refusal, ipFlagged] of cases) {
      const found = findSignals(invitee, new Map([[7, { ...none, ...other }]]));
      expect(found.refusal, JSON.stringify(other)).toBe(refusal);
      expect(found.ipFlagged).toBe(ipFlagged);
    }
    // Another invitee of the same referrer counts like the referrer.
    const found = findSignals(
      invitee,
      new Map([
        [7, none],
        [8, { ...none, deviceIds: ['d1'], ips: ['1.1.1.1'] }],
      ]),
    );
    expect(found.signals).toEqual([
      { kind: 'same-device', otherMemberId: 8 },
      { kind: 'same-ip', otherMemberId: 8 },
    ]);
    expect(found).toMatchObject({ refusal: 'same-device', ipFlagged: true });
  });
});
