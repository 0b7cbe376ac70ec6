import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_PATHS } from '@app/contracts/paths';
import { callApi } from '../../../../test/api-client.ts';
import { staffSession } from '../../../../test/staff-session.ts';
import { testPaymentDeps, useTestApp } from '../../../../test/test-app.ts';
import type { PaymentDeps } from '../channels/payment-deps.ts';
import { requestFloatCheck } from './withdraw.service.ts';

/**
 * Issue 24 §3: the B2C float is asked of M-Pesa's Account Balance; below MPESA_FLOAT_ALERT_BELOW the
 * operators are alerted (their view says so) until a report above it.
 */
const KES = 100;
const ctx = useTestApp({ MPESA_FLOAT_ALERT_BELOW: '100000' }, { listen: true });
let deps: PaymentDeps;
let staffToken = '';

beforeAll(async () => {
  deps = testPaymentDeps(ctx);
  staffToken = (await staffSession(ctx, ['payments'])).token;
});

/** Asks Account Balance and waits for its Result to be kept (it comes by callback). */
async function checkFloat(): Promise<Record<string, unknown>> {
  const before = (await callApi(ctx, ADMIN_PATHS.mpesaFloat, operator())).data as {
    reportedAt?: string;
  } | null;
  await requestFloatCheck(deps);
  return vi.waitFor(
    async () => {
      const answer = await callApi(ctx, ADMIN_PATHS.mpesaFloat, operator());
      expect(answer.code).toBe(0);
      expect(answer.data).not.toBeNull();
      expect(answer.data.reportedAt).not.toBe(before?.reportedAt);
      return answer.data as Record<string, unknown>;
    },
    { timeout: 10_000, interval: 50 },
  );
}

function operator() {
  return { method: 'GET' as const, headers: { authorization: `Bearer ${staffToken}` } };
}

describe('the B2C float', () => {
  it('alerts the operators below the threshold, and clears when M-Pesa reports it topped up', async () => {
    expect((await callApi(ctx, ADMIN_PATHS.mpesaFloat, operator())).data).toBeNull();

    await ctx.mpesa.control({ b2cUtilityBalance: 5_000 });
    expect(await checkFloat()).toMatchObject({
      available: 5_000 * KES,
      lowFloat: true,
      threshold: 100_000 * KES,
    });

    await ctx.mpesa.control({ b2cUtilityBalance: 2_000_000 });
    expect(await checkFloat()).toMatchObject({ available: 2_000_000 * KES, lowFloat: false });
  });

  it('is for operators only', async () => {
    const answer = await callApi(ctx, ADMIN_PATHS.mpesaFloat, { method: 'GET' });
    expect(answer.status).toBe(401);
  });
});
