/** Turning the operator's contact options (spec §9: 4002, 4003, 4004, 4007) into safe links. */

export type SocialLink = { name: string; url: string; image: string };

/** 4003: comma-separated international numbers without '+'; anything else is dropped. */
export function parseWhatsAppNumbers(content: string | undefined): string[] {
  if (!content) return [];
  return content
    .split(/[,;\s]+/)
    .map((item) => item.replace(/^\+/, ''))
    .filter((item) => /^\d{8,15}$/.test(item));
}

export function whatsAppHref(number: string): string {
  return `https://wa.me/${number}`;
}

/** 4002: a hotline as written for people ("0709 123 456"), dialled without spaces. */
export function telHref(hotline: string): string {
  return `tel:${hotline.replace(/[^\d+]/g, '')}`;
}

export function mailtoHref(email: string): string | undefined {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? `mailto:${email}` : undefined;
}

/** Only https links leave the app; `javascript:` or plain http from a misconfigured option never do. */
export function isSafeExternalUrl(url: string): boolean {
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}

function isSafeImage(image: string): boolean {
  return (image.startsWith('/') && !image.startsWith('//')) || isSafeExternalUrl(image);
}

/** 4004: a JSON list of {name, url, image}; entries that are not safe links are left out. */
export function parseSocialLinks(content: string | undefined): SocialLink[] {
  if (!content) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((item: unknown): SocialLink[] => {
    if (typeof item !== 'object' || item === null) return [];
    const { name, url, image } = item as Record<string, unknown>;
    if (typeof name !== 'string' || typeof url !== 'string' || !isSafeExternalUrl(url)) return [];
    return [{ name, url, image: typeof image === 'string' && isSafeImage(image) ? image : '' }];
  });
}
