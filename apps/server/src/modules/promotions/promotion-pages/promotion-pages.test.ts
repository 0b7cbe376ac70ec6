import { describe, expect, it } from 'vitest';
import { ERRORS } from '@app/contracts/errors';
import { API_BASE, PROMOTION_PAGE_PATHS } from '@app/contracts/paths';
import type { PromotionPageInput } from '@app/contracts/promotion-pages';
import { codeCounts, callApi } from '../../../../test/api-client.ts';
import { staffSession } from '../../../../test/staff-session.ts';
import { useStaffSessions } from '../../../../test/back-office.ts';
import { countRows, newMember } from '../../../../test/factory.ts';
import { useTestApp } from '../../../../test/test-app.ts';

/**
 * Promotion pages (issue 14 §1): visitors read one in their language; operators create and edit them
 * through an audited route; hostile input is refused with the catalogue's codes, never a 500.
 */
const ctx = useTestApp();
const [admin] = useStaffSessions(ctx, 'admin');

const page = (id: number, language?: string) =>
  callApi(ctx, PROMOTION_PAGE_PATHS.page, {
    method: 'GET',
    query: `?id=${id}`,
    headers: language ? { 'accept-language': language } : {},
  });

async function write(
  method: 'POST' | 'PUT',
  path: string,
  body: unknown,
  headers: Record<string, string> = admin.headers,
): Promise<{ status: number; code: number; data: Record<string, unknown> }> {
  const response = await ctx.app.inject({
    method,
    url: `${API_BASE}${path}`,
    headers,
    payload: body as Record<string, unknown>,
  });
  const answer = response.json();
  return { status: response.statusCode, code: answer.code, data: answer.data };
}

const input: PromotionPageInput = {
  slug: 'weekend-spin',
  title: 'Weekend spin',
  image: '/statics/adverts/promotion-coin-spin.svg',
  description: 'Spin on Saturdays.',
  rules: '',
  url: '/games/coin-spin/1',
  action: '',
  sort: 9,
  enabled: true,
  translations: { fr: { title: 'Roue du week-end', description: '' } },
};

describe('promotion pages', () => {
  it('shows a visitor a seeded page in their language, falling back field by field', async () => {
    const english = await page(1);
    expect(english.code).toBe(0);
    expect(english.data).toMatchObject({ id: 1, title: 'Daily Bonus', url: '/activities/daily-bonus' });
    expect(english.data.rules).toContain('Nairobi');
    const french = await page(1, 'fr');
    expect(french.data).toMatchObject({ id: 1, title: 'Bonus du jour', url: '/activities/daily-bonus' });
    expect(french.data.rules).toContain('heure de Nairobi');
    const portuguese = await page(3, 'pt-BR,pt;q=0.9');
    expect(portuguese.data.title).toBe('Chuva de dinheiro');
  });

  it('answers an unknown id with its own error, not a 500', async () => {
    const answer = await page(999_999);
    expect(answer).toMatchObject({ status: 404, code: ERRORS.PROMOTION_PAGE_NOT_FOUND.code });
    for (const id of ['0', '-1', 'abc', '1e99', '99999999999']) {
      const hostile = await callApi(ctx, PROMOTION_PAGE_PATHS.page, { method: 'GET', query: `?id=${id}` });
      expect(hostile.status, id).toBe(400);
    }
  });

  it('lets an operator create and edit a page, audited; a visitor sees the edit', async () => {
    const created = await write('POST', PROMOTION_PAGE_PATHS.adminPages, input);
    expect(created.code).toBe(0);
    const id = created.data.id as number;
    // An empty translated field is dropped, so French falls back to the default description.
    expect(created.data.translations).toEqual({ fr: { title: 'Roue du week-end' } });
    expect((await page(id, 'fr')).data).toMatchObject({
      title: 'Roue du week-end',
      description: 'Spin on Saturdays.',
      rules: '',
    });

    const edited = await write('PUT', PROMOTION_PAGE_PATHS.adminPage.replace(':id', String(id)), {
      ...input,
      rules: '1. One spin per weekend.',
      translations: { fr: { title: 'Roue du samedi', rules: '1. Un tour par week-end.' } },
    });
    expect(edited.code).toBe(0);
    expect((await page(id, 'fr')).data).toMatchObject({
      title: 'Roue du samedi',
      rules: '1. Un tour par week-end.',
    });
    expect((await page(id)).data.rules).toBe('1. One spin per weekend.');

    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'staff_id'])
      .where('target', '=', `promotion-page:${id}`)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'promotion-page.create', staff_id: admin.staff.id },
      { action: 'promotion-page.update', staff_id: admin.staff.id },
    ]);

    const switchedOff = await write('PUT', PROMOTION_PAGE_PATHS.adminPage.replace(':id', String(id)), {
      ...input,
      enabled: false,
    });
    expect(switchedOff.code).toBe(0);
    expect((await page(id)).code).toBe(ERRORS.PROMOTION_PAGE_NOT_FOUND.code);
    const listed = await ctx.app.inject({
      method: 'GET',
      url: `${API_BASE}${PROMOTION_PAGE_PATHS.adminPages}`,
      headers: admin.headers,
    });
    expect(listed.json().data).toContainEqual(expect.objectContaining({ id, enabled: false }));
  });

  it('refuses a taken slug, an unknown page, and links a page could run', async () => {
    const taken = await write('POST', PROMOTION_PAGE_PATHS.adminPages, { ...input, slug: 'daily-bonus' });
    expect(taken).toMatchObject({ status: 409, code: ERRORS.PROMOTION_PAGE_EXISTS.code });
    const renamed = await write('PUT', PROMOTION_PAGE_PATHS.adminPage.replace(':id', '2'), {
      ...input,
      slug: 'daily-bonus',
    });
    expect(renamed.code).toBe(ERRORS.PROMOTION_PAGE_EXISTS.code);
    const unknown = await write('PUT', PROMOTION_PAGE_PATHS.adminPage.replace(':id', '999999'), input);
    expect(unknown.code).toBe(ERRORS.PROMOTION_PAGE_NOT_FOUND.code);
    for (const url of ['javascript:alert(1)', '//evil.example', 'http://evil.example', '/\\evil.example']) {
      const hostile = await write('POST', PROMOTION_PAGE_PATHS.adminPages, { ...input, slug: 'x1', url });
      expect(hostile.status, url).toBe(400);
    }
    const extra = await write('POST', PROMOTION_PAGE_PATHS.adminPages, {
      ...input,
      slug: 'x2',
      translations: { de: { title: 'Nein' } },
    });
    expect(extra.status).toBe(400);
  });

  it('creates one page when two operators create the same slug at once', async () => {
    const answers = await Promise.all(
      [1, 2, 3].map((n) =>
        write('POST', PROMOTION_PAGE_PATHS.adminPages, { ...input, slug: 'same-time', title: `Try ${n}` }),
      ),
    );
    expect(codeCounts(answers)).toEqual({ 0: 1, [ERRORS.PROMOTION_PAGE_EXISTS.code]: 2 });
    expect(await countRows(ctx, 'promotion_page', { slug: 'same-time' })).toBe(1);
  });

  it('is for staff with promotions.write only', async () => {
    const visitor = await write('POST', PROMOTION_PAGE_PATHS.adminPages, { ...input, slug: 'x3' }, {});
    expect(visitor.status).toBe(401);
    const member = await newMember(ctx);
    const asMember = await write(
      'POST',
      PROMOTION_PAGE_PATHS.adminPages,
      { ...input, slug: 'x4' },
      { token: member.token },
    );
    expect(asMember.status).toBe(401);
    const viewer = await staffSession(ctx, ['viewer']);
    const asViewer = await write(
      'POST',
      PROMOTION_PAGE_PATHS.adminPages,
      { ...input, slug: 'x5' },
      viewer.headers,
    );
    expect(asViewer).toMatchObject({ status: 403, code: ERRORS.FORBIDDEN.code });
  });
});
