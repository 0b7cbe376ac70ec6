import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminAdvert,
  AdminFaqEntry,
  AdminMenuEntry,
  AdminNotice,
} from '@app/contracts/back-office-content';
import { brandFor } from '@app/contracts/brand';
import { CONTENT_PICTURE_MAX_BYTES } from '@app/contracts/back-office-content';
import { FAQ_TYPE, POSITION, VIP_MENU_HOOK, type AdvertItem, type FaqItem } from '@app/contracts/config';
import { ERRORS } from '@app/contracts/errors';
import type { Notice } from '@app/contracts/message';
import { ADMIN_PATHS, API_BASE, CONFIG_PATHS, MESSAGE_PATHS } from '@app/contracts/paths';
import type { AuditEntry } from '@app/contracts/staff';
import { seedDemo } from '../../db/seed/demo-seed.ts';
import { TAX_FAQ_SLUG } from '../../modules/platform/config/config.service.ts';
import { callApi } from '../../../test/api-client.ts';
import { newMember } from '../../../test/factory.ts';
import { staffSession, type TestStaff } from '../../../test/staff-session.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { JPEG, multipart, PNG, type MultipartPart } from '../../../test/uploads.ts';

/**
 * The back office's content (issue 26 §5): adverts, menu entries and FAQ entries read with
 * `promotions.read`, and edited, added, removed and given uploaded pictures with `content.write`; notices
 * listed and ended with `messages.send`. Each write is refused without its permission, refused with the
 * catalogue's code when wrong, audited with before and after, and is what the player routes serve next.
 */
let ctx: TestApp;
let admin: TestStaff;
let viewer: TestStaff;
let support: TestStaff;

beforeAll(async () => {
  ctx = await createTestApp();
  [admin, viewer, support] = [
    await staffSession(ctx, ['admin']),
    await staffSession(ctx, ['viewer']),
    await staffSession(ctx, ['support']),
  ];
});
afterAll(async () => {
  await ctx.close();
});

const pathOf = (path: string, id: number) => path.replace(':id', String(id));

async function auditOf(action: string): Promise<AuditEntry[]> {
  const answer = await callApi(ctx, ADMIN_PATHS.audit, {
    method: 'GET',
    query: `?action=${action}&size=100`,
    headers: admin.headers,
  });
  expect(answer.code, answer.msg).toBe(0);
  return (answer.data as { list: AuditEntry[] }).list;
}

async function listOf<T>(path: string, staff: TestStaff = admin): Promise<T[]> {
  const answer = await callApi(ctx, path, { method: 'GET', headers: staff.headers });
  expect(answer.code, answer.msg).toBe(0);
  return answer.data as T[];
}

/** What a player's app is served at a position, in a language. */
async function playerAdverts(position: number, language = 'en'): Promise<AdvertItem[]> {
  const answer = await callApi(ctx, CONFIG_PATHS.advertsByPosition, {
    method: 'GET',
    query: `?typeId=${position}`,
    headers: { 'accept-language': language },
  });
  expect(answer.code, answer.msg).toBe(0);
  return answer.data as AdvertItem[];
}

/** The FAQ entry `id` as a player's app is served it on a page, in a language; undefined: not served. */
async function playerFaqEntry(type: number, id: number, language: string): Promise<FaqItem | undefined> {
  const answer = await callApi(ctx, CONFIG_PATHS.faqByType, {
    method: 'GET',
    query: `?type=${type}&page=1&size=50`,
    headers: { 'accept-language': language },
  });
  expect(answer.code, answer.msg).toBe(0);
  return (answer.data as { list: FaqItem[] }).list.find((item) => item.id === id);
}

const unchangedTranslations = { fr: {}, pt: {}, sw: {} };

describe('adverts', () => {
  const change = (staff: TestStaff, id: number, json: unknown) =>
    callApi(ctx, pathOf(ADMIN_PATHS.contentAdvert, id), { method: 'PUT', headers: staff.headers, json });
  const bodyOf = (advert: AdminAdvert) => ({
    title: advert.title,
    url: advert.url,
    image: advert.image,
    sort: advert.sort,
    enabled: advert.enabled,
    startsAt: advert.startsAt,
    endsAt: advert.endsAt,
    translations: unchangedTranslations,
  });
  const homeBanner = async () =>
    (await listOf<AdminAdvert>(ADMIN_PATHS.contentAdverts)).find(
      (advert) => advert.position === POSITION.HOME_SWIPE && advert.live,
    )!;

  it('lists every advert to a reader, and refuses an edit to staff without content.write', async () => {
    const adverts = await listOf<AdminAdvert>(ADMIN_PATHS.contentAdverts, viewer);
    expect(adverts.some((advert) => advert.position === POSITION.HOME_SWIPE)).toBe(true);
    const banner = await homeBanner();
    for (const staff of [viewer, support]) {
      const refused = await change(staff, banner.id, bodyOf(banner));
      expect(refused.status).toBe(403);
    }
    const supportList = await callApi(ctx, ADMIN_PATHS.contentAdverts, {
      method: 'GET',
      headers: support.headers,
    });
    expect(supportList.status).toBe(403);
  });

  it('changes the home banner players are served, in English and in French, audited before and after', async () => {
    const banner = await homeBanner();
    const changed = await change(admin, banner.id, {
      ...bodyOf(banner),
      title: 'Weekend crash: double coins',
      image: '/statics/adverts/home-swipe-crash.svg',
      translations: { fr: { title: 'Crash du week-end : pièces doublées', image: '' } },
    });
    expect(changed.code, changed.msg).toBe(0);
    expect((changed.data as AdminAdvert).title).toBe('Weekend crash: double coins');

    const english = (await playerAdverts(POSITION.HOME_SWIPE)).find((item) => item.id === banner.id);
    expect(english).toMatchObject({
      title: 'Weekend crash: double coins',
      img: '/statics/adverts/home-swipe-crash.svg',
    });
    const french = (await playerAdverts(POSITION.HOME_SWIPE, 'fr')).find((item) => item.id === banner.id);
    // The French picture is the row's own now: an emptied override follows the English.
    expect(french).toMatchObject({
      title: 'Crash du week-end : pièces doublées',
      img: '/statics/adverts/home-swipe-crash.svg',
    });

    const [entry] = (await auditOf('advert.change')).filter((each) => each.target === `advert:${banner.id}`);
    expect(entry?.staffId).toBe(admin.staff.id);
    expect(entry?.before).toMatchObject({ title: banner.title, image: banner.image });
    expect(entry?.after).toMatchObject({ title: 'Weekend crash: double coins' });
  });

  it('switches an advert off and ends it by its period: players no longer see it', async () => {
    const banner = await homeBanner();
    const off = await change(admin, banner.id, { ...bodyOf(banner), enabled: false });
    expect(off.code, off.msg).toBe(0);
    expect((off.data as AdminAdvert).live).toBe(false);
    expect((await playerAdverts(POSITION.HOME_SWIPE)).some((item) => item.id === banner.id)).toBe(false);

    const past = { startsAt: '2020-01-01T00:00:00Z', endsAt: '2020-02-01T00:00:00Z' };
    const ended = await change(admin, banner.id, { ...bodyOf(banner), enabled: true, ...past });
    expect(ended.code, ended.msg).toBe(0);
    expect((await playerAdverts(POSITION.HOME_SWIPE)).some((item) => item.id === banner.id)).toBe(false);

    const again = await change(admin, banner.id, {
      ...bodyOf(banner),
      enabled: true,
      startsAt: null,
      endsAt: null,
    });
    expect(again.code, again.msg).toBe(0);
    expect((await playerAdverts(POSITION.HOME_SWIPE)).some((item) => item.id === banner.id)).toBe(true);
  });

  it('refuses a wrong change with the catalogue’s code, leaving the advert as it was', async () => {
    const banner = await homeBanner();
    // A wrong value is 1000 with its field, an empty one 1001 (http/error-handler.ts).
    const cases: [unknown, number][] = [
      [
        { ...bodyOf(banner), startsAt: '2030-02-01T00:00:00Z', endsAt: '2030-01-01T00:00:00Z' },
        ERRORS.CONTENT_PERIOD.code,
      ],
      [
        { ...bodyOf(banner), image: '/statics/adverts/no-such-picture.svg' },
        ERRORS.CONTENT_IMAGE_MISSING.code,
      ],
      [{ ...bodyOf(banner), image: '/statics/../server.ts' }, ERRORS.BAD_REQUEST.code],
      [{ ...bodyOf(banner), url: '//elsewhere.example/phish' }, ERRORS.BAD_REQUEST.code],
      [{ ...bodyOf(banner), url: 'javascript:alert(1)' }, ERRORS.BAD_REQUEST.code],
      [{ ...bodyOf(banner), title: '' }, ERRORS.VALIDATION.code],
      [{ ...bodyOf(banner), translations: { de: { title: 'Hallo' } } }, ERRORS.BAD_REQUEST.code],
      [{ ...bodyOf(banner), position: POSITION.FLOATING }, ERRORS.BAD_REQUEST.code],
    ];
    for (const [json, code] of cases) {
      const refused = await change(admin, banner.id, json);
      expect(refused.code, JSON.stringify(json)).toBe(code);
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(refused.status).toBeLessThan(500);
    }
    expect((await change(admin, 999_999, bodyOf(banner))).code).toBe(ERRORS.NOT_FOUND.code);
    expect(await homeBanner()).toEqual(banner);
  });
});

describe('menus', () => {
  it('reorders and switches off a home menu entry, as the player’s menu then shows', async () => {
    const entries = await listOf<AdminMenuEntry>(ADMIN_PATHS.contentMenus);
    const home = entries.filter((entry) => entry.position === POSITION.HOME_MENU && entry.enabled);
    const [first, second] = home;
    const body = (entry: AdminMenuEntry, changes: Partial<Record<string, unknown>>) => ({
      title: entry.title,
      url: entry.url,
      image: entry.image,
      sort: entry.sort,
      enabled: entry.enabled,
      translations: unchangedTranslations,
      ...changes,
    });
    const put = (staff: TestStaff, entry: AdminMenuEntry, changes: Partial<Record<string, unknown>>) =>
      callApi(ctx, pathOf(ADMIN_PATHS.contentMenu, entry.id), {
        method: 'PUT',
        headers: staff.headers,
        json: body(entry, changes),
      });
    expect((await put(viewer, second!, { sort: 0 })).status).toBe(403);

    const moved = await put(admin, second!, { sort: first!.sort - 1 });
    expect(moved.code, moved.msg).toBe(0);
    const menu = async () =>
      (
        await callApi(ctx, CONFIG_PATHS.menusByPosition, {
          method: 'GET',
          query: `?position=${POSITION.HOME_MENU}`,
        })
      ).data as AdvertItem[];
    expect((await menu())[0]?.id).toBe(second!.id);

    expect((await put(admin, first!, { enabled: false })).code).toBe(0);
    expect((await menu()).some((item) => item.id === first!.id)).toBe(false);
    const [entry] = (await auditOf('menu.change')).filter((each) => each.target === `menu:${first!.id}`);
    expect(entry?.before).toMatchObject({ enabled: true });
    expect(entry?.after).toMatchObject({ enabled: false });

    expect((await put(admin, first!, { image: '/statics/menus/nothing-here.webp' })).code).toBe(
      ERRORS.CONTENT_IMAGE_MISSING.code,
    );
  });
});

describe('FAQ', () => {
  it('changes a question and its answer per language, shown on the player’s FAQ page', async () => {
    const entries = await listOf<AdminFaqEntry>(ADMIN_PATHS.contentFaq, viewer);
    const entry = entries.find((each) => each.type === FAQ_TYPE.GENERAL && !each.generatedAnswer)!;
    const body = {
      question: 'How fast is a withdrawal?',
      answer: 'Most withdrawals reach your M-PESA within minutes.',
      sort: entry.sort,
      enabled: true,
      translations: { sw: { question: 'Kutoa pesa huchukua muda gani?', answer: '' } },
    };
    const path = pathOf(ADMIN_PATHS.contentFaqEntry, entry.id);
    expect((await callApi(ctx, path, { method: 'PUT', headers: viewer.headers, json: body })).status).toBe(
      403,
    );
    const refused = await callApi(ctx, path, {
      method: 'PUT',
      headers: admin.headers,
      json: { ...body, answer: '   ' },
    });
    expect(refused.code).toBe(ERRORS.VALIDATION.code);

    const changed = await callApi(ctx, path, { method: 'PUT', headers: admin.headers, json: body });
    expect(changed.code, changed.msg).toBe(0);

    const faqIn = (language: string) => playerFaqEntry(FAQ_TYPE.GENERAL, entry.id, language);
    expect(await faqIn('en')).toMatchObject({ question: body.question, answer: body.answer });
    // Swahili: its own question; the answer follows the English (the stored override was removed).
    expect(await faqIn('sw')).toMatchObject({
      question: 'Kutoa pesa huchukua muda gani?',
      answer: body.answer,
    });

    const [audit] = (await auditOf('faq.change')).filter((each) => each.target === `faq:${entry.id}`);
    expect(audit?.before).toMatchObject({ question: entry.question });
    expect(audit?.after).toMatchObject({ question: body.question });
  });
});

describe('notices', () => {
  it('lists the ticker’s notices and ends one: the players’ ticker drops it, audited, once', async () => {
    const published = await callApi(ctx, ADMIN_PATHS.publishNotice, {
      method: 'POST',
      headers: support.headers,
      json: { type: 1, message: 'Maintenance tonight from 2 am', hours: 4 },
    });
    expect(published.code, published.msg).toBe(0);
    const id = (published.data as { id: number }).id;

    expect(
      (await callApi(ctx, ADMIN_PATHS.publishNotice, { method: 'GET', headers: viewer.headers })).status,
    ).toBe(403);
    const listed = (await listOf<AdminNotice>(ADMIN_PATHS.publishNotice, support)).find(
      (each) => each.id === id,
    );
    expect(listed).toMatchObject({ message: 'Maintenance tonight from 2 am', live: true });

    const player = await newMember(ctx);
    const ticker = async () =>
      (await callApi(ctx, MESSAGE_PATHS.notices, { method: 'GET', token: player.token })).data as Notice[];
    expect((await ticker()).some((notice) => notice.id === id)).toBe(true);

    const endPath = pathOf(ADMIN_PATHS.noticeEnd, id);
    expect((await callApi(ctx, endPath, { method: 'POST', headers: viewer.headers })).status).toBe(403);
    const ended = await callApi(ctx, endPath, { method: 'POST', headers: support.headers });
    expect(ended.code, ended.msg).toBe(0);
    expect((ended.data as AdminNotice).live).toBe(false);
    expect((await ticker()).some((notice) => notice.id === id)).toBe(false);

    const again = await callApi(ctx, endPath, { method: 'POST', headers: support.headers });
    expect(again.code).toBe(ERRORS.NOTICE_ENDED.code);
    expect(
      (
        await callApi(ctx, pathOf(ADMIN_PATHS.noticeEnd, 9_999_999), {
          method: 'POST',
          headers: support.headers,
        })
      ).code,
    ).toBe(ERRORS.NOT_FOUND.code);
    const audits = (await auditOf('notice.end')).filter((each) => each.target === `notice:${id}`);
    expect(audits).toHaveLength(1);
    expect(audits[0]?.before).toMatchObject({ live: true });
    expect(audits[0]?.after).toMatchObject({ live: false });
  });
});

/** POSTs a multipart form to an operator's route, as `staff`. */
async function postPicture(staff: TestStaff, parts: MultipartPart[]) {
  const body = multipart(parts);
  const response = await ctx.app.inject({
    method: 'POST',
    url: `${API_BASE}${ADMIN_PATHS.contentPictures}`,
    headers: { ...body.headers, ...staff.headers },
    payload: body.payload,
  });
  return {
    status: response.statusCode,
    ...(response.json() as { code: number; msg: string; data: unknown }),
  };
}

const remove = (staff: TestStaff, path: string, id: number) =>
  callApi(ctx, pathOf(path, id), { method: 'DELETE', headers: staff.headers });

describe('uploaded pictures', () => {
  it('keeps a JPEG, PNG or WebP of 1 MB at most for staff with content.write, served at /uploads/', async () => {
    expect((await postPicture(viewer, [{ name: 'file', file: PNG }])).status).toBe(403);
    const uploaded = await postPicture(admin, [{ name: 'file', file: PNG }]);
    expect(uploaded.code, uploaded.msg).toBe(0);
    const { url } = uploaded.data as { url: string };
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    const served = await ctx.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);

    // A JPEG just at the limit is kept; a byte more is refused, as is what is not a picture (an SVG can
    // carry script) and a form without a file.
    const atLimit = Buffer.concat([JPEG, Buffer.alloc(CONTENT_PICTURE_MAX_BYTES - JPEG.length)]);
    expect((await postPicture(admin, [{ name: 'file', file: atLimit, type: 'image/jpeg' }])).code).toBe(0);
    const cases: [MultipartPart[], number][] = [
      [
        [{ name: 'file', file: Buffer.concat([atLimit, Buffer.from([0])]) }],
        ERRORS.CONTENT_PICTURE_TOO_LARGE.code,
      ],
      [
        [
          {
            name: 'file',
            file: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
            type: 'image/svg+xml',
          },
        ],
        ERRORS.NOT_AN_IMAGE.code,
      ],
      [[{ name: 'note', value: 'no file' }], ERRORS.VALIDATION.code],
    ];
    for (const [parts, code] of cases) {
      const refused = await postPicture(admin, parts);
      expect(refused.code).toBe(code);
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(refused.status).toBeLessThan(500);
    }
  });
});

describe('adding and removing', () => {
  const newAdvert = (image: string) => ({
    position: POSITION.HOME_SWIPE,
    title: 'Crash tournament: Friday 8 pm',
    url: '/crash',
    image,
    sort: 0,
    enabled: true,
    startsAt: null,
    endsAt: null,
    translations: { fr: { title: 'Tournoi crash : vendredi 20 h' } },
  });

  it('adds an advert with an uploaded picture, players are served it, and removes it for good', async () => {
    const { url } = (await postPicture(admin, [{ name: 'file', file: PNG }])).data as { url: string };
    const add = (staff: TestStaff, json: unknown) =>
      callApi(ctx, ADMIN_PATHS.contentAdverts, { method: 'POST', headers: staff.headers, json });
    expect((await add(viewer, newAdvert(url))).status).toBe(403);
    const refused: [unknown, number][] = [
      [newAdvert(`/uploads/${'0'.repeat(32)}.png`), ERRORS.CONTENT_IMAGE_MISSING.code],
      [newAdvert('/uploads/../server.ts'), ERRORS.BAD_REQUEST.code],
      [{ ...newAdvert(url), position: POSITION.HOME_MENU }, ERRORS.BAD_REQUEST.code],
      [{ ...newAdvert(url), slug: 'mine' }, ERRORS.BAD_REQUEST.code],
      [
        { ...newAdvert(url), startsAt: '2030-02-01T00:00:00Z', endsAt: '2030-01-01T00:00:00Z' },
        ERRORS.CONTENT_PERIOD.code,
      ],
    ];
    for (const [json, code] of refused)
      expect((await add(admin, json)).code, JSON.stringify(json)).toBe(code);

    const added = await add(admin, newAdvert(url));
    expect(added.code, added.msg).toBe(0);
    const advert = added.data as AdminAdvert;
    expect(advert).toMatchObject({ image: url, live: true, content: '', season: 'always' });
    expect(advert.slug).toMatch(/^crash-tournament-friday-8-pm-[0-9a-f]{8}$/);
    const served = (await playerAdverts(POSITION.HOME_SWIPE, 'fr')).find((item) => item.id === advert.id);
    expect(served).toMatchObject({ title: 'Tournoi crash : vendredi 20 h', img: url });
    const [addition] = (await auditOf('advert.add')).filter((each) => each.target === `advert:${advert.id}`);
    expect(addition?.before).toBeNull();
    expect(addition?.after).toMatchObject({ title: 'Crash tournament: Friday 8 pm', image: url });

    expect((await remove(viewer, ADMIN_PATHS.contentAdvert, advert.id)).status).toBe(403);
    const removed = await remove(admin, ADMIN_PATHS.contentAdvert, advert.id);
    expect(removed.code, removed.msg).toBe(0);
    expect((await playerAdverts(POSITION.HOME_SWIPE)).some((item) => item.id === advert.id)).toBe(false);
    expect(
      (await listOf<AdminAdvert>(ADMIN_PATHS.contentAdverts)).some((each) => each.id === advert.id),
    ).toBe(false);
    const [removal] = (await auditOf('advert.remove')).filter(
      (each) => each.target === `advert:${advert.id}`,
    );
    expect(removal?.before).toMatchObject({ id: advert.id, title: advert.title });
    expect(removal?.after).toBeNull();
    expect((await remove(admin, ADMIN_PATHS.contentAdvert, advert.id)).code).toBe(ERRORS.NOT_FOUND.code);
  });

  it('removes a demo advert, which the demo seed does not bring back at the next start', async () => {
    const demo = (await listOf<AdminAdvert>(ADMIN_PATHS.contentAdverts)).find(
      (advert) => advert.position === POSITION.HOME_POPUP && advert.content === '',
    )!;
    expect((await remove(admin, ADMIN_PATHS.contentAdvert, demo.id)).code).toBe(0);
    await seedDemo(ctx.db, brandFor('winslots'));
    const adverts = await listOf<AdminAdvert>(ADMIN_PATHS.contentAdverts);
    expect(adverts.some((advert) => advert.slug === demo.slug)).toBe(false);
  });

  it('adds a menu entry and removes it; refuses removing the entry the app relies on', async () => {
    const body = {
      position: POSITION.HOME_MENU,
      title: 'Crash',
      url: '/crash',
      image: '',
      sort: 99,
      enabled: true,
      translations: unchangedTranslations,
    };
    const add = (staff: TestStaff, json: unknown) =>
      callApi(ctx, ADMIN_PATHS.contentMenus, { method: 'POST', headers: staff.headers, json });
    expect((await add(viewer, body)).status).toBe(403);
    expect((await add(admin, { ...body, position: POSITION.HOME_SWIPE })).code).toBe(ERRORS.BAD_REQUEST.code);
    const added = await add(admin, body);
    expect(added.code, added.msg).toBe(0);
    const entry = added.data as AdminMenuEntry;
    const menu = (
      await callApi(ctx, CONFIG_PATHS.menusByPosition, {
        method: 'GET',
        query: `?position=${POSITION.HOME_MENU}`,
      })
    ).data as AdvertItem[];
    expect(menu.at(-1)).toMatchObject({ id: entry.id, title: 'Crash', url: '/crash' });
    expect((await auditOf('menu.add')).find((each) => each.target === `menu:${entry.id}`)?.before).toBeNull();

    expect((await remove(viewer, ADMIN_PATHS.contentMenu, entry.id)).status).toBe(403);
    expect((await remove(admin, ADMIN_PATHS.contentMenu, entry.id)).code).toBe(0);
    expect(
      (await auditOf('menu.remove')).find((each) => each.target === `menu:${entry.id}`)?.after,
    ).toBeNull();

    const vip = (await listOf<AdminMenuEntry>(ADMIN_PATHS.contentMenus)).find(
      (each) => each.content === VIP_MENU_HOOK,
    )!;
    const refused = await remove(admin, ADMIN_PATHS.contentMenu, vip.id);
    expect(refused.code).toBe(ERRORS.CONTENT_RELIED_ON.code);
    expect(refused.status).toBe(409);
    expect((await listOf<AdminMenuEntry>(ADMIN_PATHS.contentMenus)).some((each) => each.id === vip.id)).toBe(
      true,
    );
    expect((await auditOf('menu.remove')).some((each) => each.target === `menu:${vip.id}`)).toBe(false);
  });

  it('adds a FAQ entry players read and removes it; refuses removing the withdrawal tax’s entry', async () => {
    const body = {
      type: FAQ_TYPE.DEPOSIT,
      question: 'Can I deposit with Airtel Money?',
      answer: 'Not yet: deposits are by M-PESA.',
      sort: 50,
      enabled: true,
      translations: { sw: { question: 'Naweza kuweka pesa kwa Airtel Money?', answer: '' } },
    };
    const add = (staff: TestStaff, json: unknown) =>
      callApi(ctx, ADMIN_PATHS.contentFaq, { method: 'POST', headers: staff.headers, json });
    expect((await add(viewer, body)).status).toBe(403);
    expect((await add(admin, { ...body, type: 9 })).code).toBe(ERRORS.BAD_REQUEST.code);
    expect((await add(admin, { ...body, answer: '' })).code).toBe(ERRORS.VALIDATION.code);
    const added = await add(admin, body);
    expect(added.code, added.msg).toBe(0);
    const entry = added.data as AdminFaqEntry;
    const faq = (language: string) => playerFaqEntry(FAQ_TYPE.DEPOSIT, entry.id, language);
    expect(await faq('sw')).toMatchObject({
      question: 'Naweza kuweka pesa kwa Airtel Money?',
      answer: body.answer,
    });
    const [addition] = (await auditOf('faq.add')).filter((each) => each.target === `faq:${entry.id}`);
    expect(addition?.before).toBeNull();
    expect(addition?.after).toMatchObject({ question: body.question });

    expect((await remove(admin, ADMIN_PATHS.contentFaqEntry, entry.id)).code).toBe(0);
    expect(await faq('en')).toBeUndefined();
    const [removal] = (await auditOf('faq.remove')).filter((each) => each.target === `faq:${entry.id}`);
    expect(removal?.before).toMatchObject({ question: body.question });
    expect(removal?.after).toBeNull();

    const tax = (await listOf<AdminFaqEntry>(ADMIN_PATHS.contentFaq)).find(
      (each) => each.slug === TAX_FAQ_SLUG,
    )!;
    expect((await remove(admin, ADMIN_PATHS.contentFaqEntry, tax.id)).code).toBe(
      ERRORS.CONTENT_RELIED_ON.code,
    );
    expect((await listOf<AdminFaqEntry>(ADMIN_PATHS.contentFaq)).some((each) => each.id === tax.id)).toBe(
      true,
    );
  });
});
