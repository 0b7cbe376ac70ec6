import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  ADVERT_POSITIONS,
  MENU_POSITIONS,
  OPERATOR_ONLY_OPTION_TYPES,
  POSITION,
  SYSTEM_OPTION,
  type AdvertItem,
  type SystemOption,
} from '@app/contracts/config';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import { PAYMENT_PATHS } from '@app/contracts/paths';
import { NOT_SEEDED_UNTIL_BUILT } from '../../../db/seed/demo-content.ts';
import { callApi } from '../../../../test/api-client.ts';
import { newMember } from '../../../../test/factory.ts';
import { createTestApp, useTestApp } from '../../../../test/test-app.ts';

const staticDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../static');
const api = '/api/config-service';

const ctx = useTestApp();

async function getData<T>(url: string, headers: Record<string, string> = {}): Promise<T> {
  const response = await ctx.app.inject({ method: 'GET', url, headers });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<{ code: number; msg: string; data: T }>();
  expect(body.code).toBe(0);
  return body.data;
}

describe('system options', () => {
  it('lists every option type of the spec with content', async () => {
    const options = await getData<SystemOption[]>(`${api}/cfGlobal/queryGlobalByPlatform`);
    const types = new Set(options.map((option) => option.type));
    for (const type of Object.values(SYSTEM_OPTION)) {
      if (NOT_SEEDED_UNTIL_BUILT.optionTypes.includes(type) || OPERATOR_ONLY_OPTION_TYPES.includes(type))
        expect(types, `type ${type}`).not.toContain(type);
      else expect(types, `type ${type}`).toContain(type);
    }
    for (const option of options) expect(option.content.length).toBeGreaterThan(0);
  });

  it('filters by type and keeps the formats the app parses', async () => {
    const [minimum] = await getData<SystemOption[]>(`${api}/cfGlobal/queryGlobalByType?type=4011`);
    expect(Number(minimum?.content)).toBeGreaterThan(0);
    const [limit] = await getData<SystemOption[]>(`${api}/cfGlobal/queryGlobalByType?type=150`);
    expect(limit?.content.split(':')).toHaveLength(3);
    const [social] = await getData<SystemOption[]>(`${api}/cfGlobal/queryGlobalByType?type=4004`);
    const links = JSON.parse(social?.content ?? '') as { name: string; url: string; image: string }[];
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.url).toMatch(/^https:\/\//);
    const [whatsapp] = await getData<SystemOption[]>(`${api}/cfGlobal/queryGlobalByType?type=4003`);
    for (const number of whatsapp?.content.split(',') ?? []) expect(number).toMatch(/^254\d{9}$/);
  });

  it('seeds the task tips (4057) in each language, naming the button the tasks page shows', async () => {
    const tipsIn = async (language: string) =>
      (
        await getData<SystemOption[]>(`${api}/cfGlobal/queryGlobalByType?type=4057`, {
          'accept-language': language,
        })
      ).at(0)?.content;
    expect(await tipsIn('en')).toContain('tap Receive');
    expect(await tipsIn('fr')).toContain('touchez Recevoir');
    expect(await tipsIn('pt')).toContain('toque em Receber');
  });

  it('answers a missing type with the empty-field message and a bad one with the field named', async () => {
    const missing = await ctx.app.inject({ method: 'GET', url: `${api}/cfGlobal/queryGlobalByType` });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 1001,
      msg: expect.stringContaining('Cannot be empty'),
      data: null,
    });

    const bad = await ctx.app.inject({ method: 'GET', url: `${api}/cfGlobal/queryGlobalByType?type=abc` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 1000, msg: expect.stringContaining('type'), data: null });
  });

  it('shows an option for another platform only to that platform', async () => {
    await ctx.db
      .insertInto('cf_global')
      .values({ type: 4002, name: 'app hotline', content: '0800 000 111', platform: 5 })
      .execute();
    const web = await getData<SystemOption[]>(`${api}/cfGlobal/queryGlobalByType?type=4002`, {
      platform: '3',
    });
    const app = await getData<SystemOption[]>(`${api}/cfGlobal/queryGlobalByType?type=4002`, {
      platform: '5',
    });
    expect(web.map((option) => option.content)).not.toContain('0800 000 111');
    expect(app.map((option) => option.content)).toContain('0800 000 111');
  });

  it('follows the player language for translated options', async () => {
    const [english] = await getData<SystemOption[]>(`${api}/cfGlobal/queryGlobalByType?type=1001`);
    const [french] = await getData<SystemOption[]>(`${api}/cfGlobal/queryGlobalByType?type=1001`, {
      'accept-language': 'fr-FR,fr;q=0.9',
    });
    const [portuguese] = await getData<SystemOption[]>(`${api}/cfGlobal/queryGlobalByType?type=1001`, {
      'accept-language': 'pt-BR',
    });
    expect(french?.content).not.toBe(english?.content);
    expect(portuguese?.content).not.toBe(english?.content);
    expect(french?.content).toMatch(/Inscrivez-vous/);
  });
});

describe('fee and tax options state the rules that deduct (issue 22 §2)', () => {
  const option = async (type: number, language = 'en') => {
    const [found] = await getData<SystemOption[]>(`${api}/cfGlobal/queryGlobalByType?type=${type}`, {
      'accept-language': language,
    });
    return found?.content ?? '';
  };
  const serverTax = async (token: string, money: number) =>
    (await callApi(ctx, PAYMENT_PATHS.memberTax, { method: 'GET', token, query: `?money=${money}` })).data;

  it('4025, 4026, 4065 and the FAQ say the deduction the server makes; 100 says the channel’s fee', async () => {
    const { token } = await newMember(ctx);
    const law = COUNTRY_PROFILES.KE.taxes.withdrawal;
    expect(law).toEqual({ ratePercent: 5, base: 'gross' });
    // The seed still stores the pre-2025 "20 % of winnings": the served options are the rule's.
    expect(await option(SYSTEM_OPTION.WITHDRAW_TAX_SWITCH)).toBe('1');
    expect(await option(SYSTEM_OPTION.WITHDRAW_TAX_AMOUNT)).toBe('5');
    const explanation = await option(SYSTEM_OPTION.TAX_EXPLANATION);
    // The example in the text is what the server deducts from KES 1,000.00.
    const tax = await serverTax(token, 1000_00);
    expect(tax).toBe(50_00);
    expect(explanation).toContain('5% withholding tax is deducted from every withdrawal');
    expect(explanation).toContain(`the tax is KES ${(tax / 100).toFixed(2)}`);
    expect(explanation).not.toContain('20');
    expect(await option(SYSTEM_OPTION.TAX_EXPLANATION, 'fr')).toContain('retenue à la source de 5 %');
    expect(await option(SYSTEM_OPTION.TAX_EXPLANATION, 'pt')).toContain('5% de imposto retido na fonte');
    // The same text in the full list the app loads at start, and as the FAQ's answer about the tax.
    const all = await getData<SystemOption[]>(`${api}/cfGlobal/queryGlobalByPlatform`);
    expect(all.find((entry) => entry.type === SYSTEM_OPTION.TAX_EXPLANATION)?.content).toBe(explanation);
    const faq = await getData<{ list: { question: string; answer: string }[] }>(
      `${api}/cfFaq/getCfFaqByType?type=3&page=1&size=20`,
    );
    expect(faq.list.find((entry) => entry.question.includes('tax'))?.answer).toBe(explanation);

    // Option 100: the fee the withdraw channel charges, not a stored 0.
    const channels = await callApi(ctx, PAYMENT_PATHS.withdrawChannels, { method: 'GET', token });
    const [mpesa] = channels.data as { withdrawFeeType: number; withdrawFeeValue: number }[];
    const config = JSON.parse(await option(SYSTEM_OPTION.WITHDRAW_CONFIG));
    expect(config).toMatchObject({ feeType: mpesa?.withdrawFeeType, feeValue: mpesa?.withdrawFeeValue });
    expect(config.feeValue).toBe(1);
    expect(config.dailyCount).toBe(5);
  });

  it("a market's rate changes and the options and the deduction change together", async () => {
    const { token } = await newMember(ctx);
    const kenya = COUNTRY_PROFILES.KE;
    const law = kenya.taxes;
    // The profile object the running app reads: a new rate for this test only.
    kenya.taxes = { deposit: law.deposit, withdrawal: { ratePercent: 7.5, base: 'gross' } };
    try {
      expect(await option(SYSTEM_OPTION.WITHDRAW_TAX_AMOUNT)).toBe('7.5');
      expect(await serverTax(token, 1000_00)).toBe(75_00);
      const explanation = await option(SYSTEM_OPTION.TAX_EXPLANATION);
      expect(explanation).toContain('7.5% withholding tax');
      expect(explanation).toContain('the tax is KES 75.00');
      expect(await option(SYSTEM_OPTION.TAX_EXPLANATION, 'fr')).toContain('7,5 %');
    } finally {
      kenya.taxes = law;
    }
  });
});

describe('menus and adverts', () => {
  it.each(MENU_POSITIONS)(
    'menu position %i has sorted items whose icons ship with the server',
    async (position) => {
      const items = await getData<AdvertItem[]>(`${api}/cfMenu/queryByPosition?position=${position}`);
      expect(items.length).toBeGreaterThan(0);
      expect(items.map((item) => item.sort)).toEqual(
        [...items.map((item) => item.sort)].sort((a, b) => a - b),
      );
      for (const item of items) {
        expect(item.typeId).toBe(position);
        expect(item.img).toBe(item.image);
        expect(existsSync(path.join(staticDir, item.img.replace(/^\/statics\//, ''))), item.img).toBe(true);
      }
    },
  );

  it('seeds one VIP menu entry (HOOK-VIP), leading to the member centre (issue 15)', async () => {
    const items = await getData<AdvertItem[]>(`${api}/cfMenu/queryByPosition?position=${POSITION.HOME_MENU}`);
    expect(items.filter((item) => item.content === 'HOOK-VIP')).toEqual([
      expect.objectContaining({ url: '/subscriber/memberCenter' }),
    ]);
  });

  it.each(ADVERT_POSITIONS)('advert position %i has adverts with shipped images', async (position) => {
    const items = await getData<AdvertItem[]>(`${api}/advertManager/queryAllByTypeId?typeId=${position}`);
    // Left empty until its feature is built: an advert there could only promise what nothing pays.
    if (NOT_SEEDED_UNTIL_BUILT.advertPositions.includes(position)) expect(items).toEqual([]);
    else expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(item.img).toMatch(/^\/statics\//);
      expect(existsSync(path.join(staticDir, item.img.replace(/^\/statics\//, ''))), item.img).toBe(true);
    }
  });

  it('keeps Christmas adverts out unless the Christmas variant is on, and leads with them when it is', async () => {
    const plain = await getData<AdvertItem[]>(
      `${api}/advertManager/queryAllByTypeId?typeId=${POSITION.HOME_SWIPE}`,
    );
    expect(plain.some((item) => item.img.includes('christmas'))).toBe(false);

    const festive = await createTestApp({ CHRISTMAS: '1' });
    try {
      const response = await festive.app.inject({
        url: `${api}/advertManager/queryAllByTypeId?typeId=${POSITION.HOME_SWIPE}`,
      });
      const items = response.json<{ data: AdvertItem[] }>().data;
      expect(items[0]?.img).toContain('christmas');
      expect(items.length).toBe(plain.length + 1);
    } finally {
      await festive.close();
    }
  });

  it('hides adverts outside their time window and disabled ones', async () => {
    const base = {
      position: POSITION.HOME_SPONSORS,
      url: '',
      image: '/statics/adverts/sponsor-coast-stars.svg',
      content: '',
      sort: 99,
    };
    await ctx.db
      .insertInto('advert')
      .values([
        {
          ...base,
          slug: 'expired',
          title: 'Expired',
          ends_at: new Date(Date.now() - 60_000),
          starts_at: null,
        },
        {
          ...base,
          slug: 'future',
          title: 'Future',
          starts_at: new Date(Date.now() + 3_600_000),
          ends_at: null,
        },
        { ...base, slug: 'off', title: 'Switched off', enabled: false, starts_at: null, ends_at: null },
        {
          ...base,
          slug: 'live',
          title: 'Live now',
          starts_at: new Date(Date.now() - 60_000),
          ends_at: new Date(Date.now() + 60_000),
        },
      ])
      .execute();
    const titles = (
      await getData<AdvertItem[]>(`${api}/advertManager/queryAllByTypeId?typeId=${POSITION.HOME_SPONSORS}`)
    ).map((item) => item.title);
    expect(titles).toContain('Live now');
    expect(titles).not.toContain('Expired');
    expect(titles).not.toContain('Future');
    expect(titles).not.toContain('Switched off');
  });

  it('translates titles, keeping the default where no translation exists', async () => {
    const items = await getData<AdvertItem[]>(
      `${api}/cfMenu/queryByPosition?position=${POSITION.PROFILE_MENU}`,
      { 'accept-language': 'pt' },
    );
    expect(items.map((item) => item.title)).toContain('Perguntas frequentes');
  });
});

describe('FAQ', () => {
  it('pages entries of a type', async () => {
    const first = await getData<{ list: { id: number }[]; total: number; page: number; size: number }>(
      `${api}/cfFaq/getCfFaqByType?type=1&page=1&size=3`,
    );
    expect(first.list).toHaveLength(3);
    expect(first.total).toBeGreaterThanOrEqual(4);
    const second = await getData<{ list: { id: number }[] }>(
      `${api}/cfFaq/getCfFaqByType?type=1&page=2&size=3`,
    );
    expect(second.list.length).toBe(first.total - 3);
    expect(second.list.map((item) => item.id)).not.toContain(first.list[0]?.id);
    const beyond = await getData<{ list: unknown[] }>(`${api}/cfFaq/getCfFaqByType?type=1&page=50&size=3`);
    expect(beyond.list).toEqual([]);
  });

  it('refuses an oversized page', async () => {
    const response = await ctx.app.inject({ url: `${api}/cfFaq/getCfFaqByType?type=1&size=1000` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 1000 });
  });
});

describe('system config by code', () => {
  it('answers 6002 with exactly one entry holding enable and message', async () => {
    const entries = await getData<{ code: number; content: { enable: unknown; message: unknown } }[]>(
      `${api}/cfSystem/queryByCode?code=6002`,
    );
    expect(entries).toHaveLength(1);
    expect(typeof entries[0]?.content.enable).toBe('boolean');
    expect(typeof entries[0]?.content.message).toBe('string');
  });

  it('answers a code without JSON configuration with an empty list', async () => {
    expect(await getData<unknown[]>(`${api}/cfSystem/queryByCode?code=4002`)).toEqual([]);
  });
});

describe('content pages, settings and version file', () => {
  it('serves each footer page and refuses unknown or malformed types', async () => {
    for (const type of [
      'about-us',
      'contact-us',
      'how-to-play',
      'responsible-gaming',
      'terms',
      'privacy',
      'app-download',
    ]) {
      const page = await getData<{ title: string; body: string }>(`${api}/cfPage/queryByType?type=${type}`);
      expect(page.title.length).toBeGreaterThan(0);
      expect(page.body.length).toBeGreaterThan(50);
    }
    const unknown = await ctx.app.inject({ url: `${api}/cfPage/queryByType?type=nope` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 1004, data: null });
    const hostile = await ctx.app.inject({
      url: `${api}/cfPage/queryByType?type=${encodeURIComponent('../../etc/passwd')}`,
    });
    expect(hostile.statusCode).toBe(400);
  });

  it('gives the web app the Kenya profile and theme by default, and another country when configured', async () => {
    const settings = await getData<{
      country: { currency: string; scale: number; dialCode: string; phoneLanguages: string[] };
      theme: string;
      paypay: boolean;
      languages: string[];
    }>(`${api}/app/settings`);
    expect(settings.country).toMatchObject({ currency: 'KES', scale: 100, dialCode: '+254' });
    expect(settings.theme).toBe('winslots');
    // Kenya's profile offers Swahili and starts a phone set to it in it (issue 25 §6).
    expect(settings.languages).toEqual(['en', 'sw', 'fr', 'pt']);
    expect(settings.country.phoneLanguages).toEqual(['sw']);
    // /pay/deposit/paypay is off unless the operator turns it on.
    expect(settings.paypay).toBe(false);

    const ghana = await createTestApp({ COUNTRY: 'GH', THEME: 'luckywin', PAYPAY: '1' }, { seed: false });
    try {
      const body = (await ghana.app.inject({ url: `${api}/app/settings` })).json<{ data: typeof settings }>();
      expect(body.data.country.currency).toBe('GHS');
      expect(body.data.theme).toBe('luckywin');
      expect(body.data.paypay).toBe(true);
      // Another market keeps the three languages of before, and its default for every phone.
      expect(body.data.languages).toEqual(['en', 'fr', 'pt']);
      expect(body.data.country.phoneLanguages).toEqual([]);
    } finally {
      await ghana.close();
    }
  });

  it('serves the version file outside /api without the envelope, with the theme banner image', async () => {
    const response = await ctx.app.inject({ url: `/statics/upgrade/version_latest.json?t=${Date.now()}` });
    expect(response.statusCode).toBe(200);
    const file = response.json<{ apkUrl: string; imgUrl: string }>();
    expect(file.apkUrl).toBe('/pages/h5/app-download');
    expect(file.imgUrl).toBe('/statics/brand/winslots-app-banner.svg');
    for (const theme of ['winslots', 'luckywin']) {
      expect(existsSync(path.join(staticDir, `brand/${theme}-app-banner.svg`))).toBe(true);
    }
  });
});
