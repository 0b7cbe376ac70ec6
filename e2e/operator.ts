import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { ADMIN_PATHS, API_BASE } from '@app/contracts/paths';

type Settings = Record<string, unknown>;
/** A programme's new settings, made of its current ones. */
export type ProgrammeChange = (settings: Settings) => Settings;

/**
 * An operator sets promotion programmes on a server a spec started for itself (with `adminToken` as its
 * ADMIN_TOKEN, e2e/private-server.ts): the first staff account, its TOTP, a session, then each programme
 * switched on with the settings its change makes of the current ones (`PUT /api/admin/promotions/{code}`,
 * audited like any).
 */
export async function setProgrammes(
  request: APIRequestContext,
  adminToken: string,
  programmes: Record<string, ProgrammeChange>,
): Promise<void> {
  const login = 'operator-e2e';
  const password = randomBytes(18).toString('base64url');
  const post = async (path: string, data: unknown, headers: Record<string, string> = {}) => {
    const answer = (await (await request.post(`${API_BASE}${path}`, { data, headers })).json()) as {
      code: number;
      msg: string;
      data: Record<string, unknown>;
    };
    expect(answer.code, answer.msg).toBe(0);
    return answer.data;
  };
  await post(ADMIN_PATHS.bootstrapStaff, { login, password }, { authorization: `Bearer ${adminToken}` });
  const { secret } = (await post(ADMIN_PATHS.enrolTotp, { login, password })) as { secret: string };
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  const { token } = (await post(ADMIN_PATHS.login, { login, password, code: totp.generate() })) as {
    token: string;
  };
  const headers = { authorization: `Bearer ${token}` };
  const listed = (await (
    await request.get(`${API_BASE}${ADMIN_PATHS.promotionProgrammes}`, { headers })
  ).json()) as { data: { code: string; settings: Settings }[] };
  for (const [code, change] of Object.entries(programmes)) {
    const programme = listed.data.find((each) => each.code === code);
    if (!programme) throw new Error(`the programme ${code} is not listed`);
    const put = await request.put(`${API_BASE}${ADMIN_PATHS.promotionProgramme.replace(':code', code)}`, {
      headers,
      data: { enabled: true, settings: change(programme.settings) },
    });
    const answer = (await put.json()) as { code: number; msg: string };
    expect(answer.code, answer.msg).toBe(0);
  }
}
