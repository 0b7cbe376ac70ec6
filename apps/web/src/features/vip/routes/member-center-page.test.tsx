// @vitest-environment jsdom
import type { BenefitClaimResult, VipBenefit, VipPersonalLevel } from '@app/contracts/vip';
import { fireEvent, render, screen } from '@testing-library/preact';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadFeatureCatalogues } from '../../../lib/i18n.ts';
import { setSession } from '../../../lib/session.ts';
import { setSettings } from '../../../lib/settings.ts';
import { kenyaSettings, loginAnswer, okEnvelope, resetAppState, stubFetch } from '../../../test/fixtures.ts';
import { VIP_TEXTS } from '../texts.ts';
import { MemberCenterPage } from './member-center-page.tsx';

const fetchMock = stubFetch();

const level: VipPersonalLevel = {
  levelId: 2,
  name: 'Battler',
  points: 1_200,
  year: 2026,
  nextLevelId: 3,
  nextLevelName: 'Veteran',
  pointsToNext: 3_800,
  progress: 5,
  enable: true,
};
const benefit = (over: Partial<VipBenefit>): VipBenefit => ({
  id: 1,
  type: 0,
  name: 'Cash bonus',
  enable: true,
  statu: 0,
  state: 0,
  amount: 20_00,
  minLevelId: 2,
  ...over,
});
const claimed: BenefitClaimResult = {
  id: 1,
  type: 0,
  cashbackAmount: 20_00,
  asset: 'cash',
  period: '2026-L2',
};

beforeAll(async () => {
  await loadFeatureCatalogues(VIP_TEXTS);
});
beforeEach(() => {
  setSettings(kenyaSettings);
  setSession(loginAnswer({}));
});
afterEach(resetAppState);

describe('MemberCenterPage', () => {
  it('shows the level and points, claims a benefit in place, then alerts on a claimed one', async () => {
    let claims = 0;
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (url.includes('vip/personal-level')) return okEnvelope(level);
      if (url.includes('personal-enjoyed') && init?.method === 'POST') {
        claims += 1;
        return okEnvelope(claimed);
      }
      if (url.includes('personal-enjoyed')) {
        return okEnvelope(
          claims === 0
            ? [
                benefit({}),
                benefit({ id: 6, type: 5, name: 'VIP manager', statu: 9, state: -1, minLevelId: 6 }),
              ]
            : [benefit({ statu: 1, state: 1 })],
        );
      }
      if (url.includes('getMemberById')) return okEnvelope(loginAnswer({ tickets: claims }).memberInfo);
      return okEnvelope([]);
    });
    render(
      <MemoryRouter initialEntries={['/subscriber/memberCenter']}>
        <MemberCenterPage />
      </MemoryRouter>,
    );
    expect((await screen.findByTestId('vip-level-name')).textContent).toContain('Battler');
    expect(screen.getByTestId('vip-points').textContent).toContain('1,200');
    expect(screen.getByTestId('vip-next').textContent).toContain('3,800 BP to Veteran');
    expect((await screen.findByTestId('vip-benefit-6')).textContent).toContain('From Lv.6');
    expect(screen.getByTestId('vip-tickets').textContent).toBe('My tickets: 0');

    fireEvent.click(screen.getByTestId('vip-benefit-1'));
    expect((await screen.findByTestId('vip-claim-amount')).textContent).toContain('KES 20.00');
    expect(claims).toBe(1);
    fireEvent.click(screen.getByText('OK'));
    expect(await screen.findByText('Claimed')).toBeTruthy();
    // The profile read again after the claim is what the ticket count shows.
    expect((await screen.findByTestId('vip-tickets')).textContent).toBe('My tickets: 1');

    fireEvent.click(screen.getByTestId('vip-benefit-1'));
    expect((await screen.findByTestId('vip-claim-alert')).textContent).toContain('already claimed');
    expect(claims).toBe(1);
  });
});
