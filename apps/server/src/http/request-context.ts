import type { FastifyInstance } from 'fastify';
import { isLanguage, type Language } from '@app/contracts/language';
import { WEB_PLATFORM } from '@app/contracts/envelope';

/**
 * The headers every call carries (spec §7), read once per request. None is trusted for anything but
 * what it claims: the token is checked against the session store by the member module, `platform`
 * only picks content, `deviceid` feeds abuse limits and one-device rules, `ticks` is the client clock.
 */
export type ClientContext = {
  token: string | undefined;
  platform: number;
  deviceId: string | undefined;
  ticks: number | undefined;
  language: Language;
};

declare module 'fastify' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    client: ClientContext;
  }
}

export function registerRequestContext(
  app: FastifyInstance,
  defaultLanguage: ClientContext['language'],
): void {
  app.decorateRequest('client', null as unknown as ClientContext);
  app.addHook('onRequest', async (request) => {
    const headers = request.headers;
    request.client = {
      token: boundedHeader(headers.token, 256),
      platform: parsePlatform(headers.platform),
      deviceId: boundedHeader(headers.deviceid, 128),
      ticks: parseTicks(headers.ticks),
      language: pickLanguage(headers['accept-language'], defaultLanguage),
    };
  });
}

function boundedHeader(value: string | string[] | undefined, maxLength: number): string | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  return text && text.length <= maxLength ? text : undefined;
}

function parsePlatform(value: string | string[] | undefined): number {
  const parsed = Number(boundedHeader(value, 4));
  return Number.isInteger(parsed) && parsed > 0 ? parsed : WEB_PLATFORM;
}

function parseTicks(value: string | string[] | undefined): number | undefined {
  const parsed = Number(boundedHeader(value, 20));
  return Number.isSafeInteger(parsed) && parsed > 0 ? parsed : undefined;
}

/**
 * The language tags of Accept-Language, most wanted first ("fr-CM,fr;q=0.9,en;q=0.8" → fr-CM, fr, en);
 * those refused with q=0 are left out.
 */
export function acceptedLanguages(header: string | string[] | undefined): string[] {
  const text = boundedHeader(header, 200);
  if (!text) return [];
  return text
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const quality = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), q: quality ? Number(quality.slice(2)) : 1, index };
    })
    .filter((entry) => entry.tag !== '' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/** The first of our languages named in Accept-Language ("fr-CM,fr;q=0.9,en;q=0.8" → fr). */
export function pickLanguage(
  header: string | string[] | undefined,
  fallback: ClientContext['language'],
): ClientContext['language'] {
  const match = acceptedLanguages(header)
    .map((tag) => tag.toLowerCase().split('-')[0])
    .find(isLanguage);
  return match ?? fallback;
}
