import { describe, expect, it } from 'vitest';
import { maskMobile } from '@app/contracts/message-rules';
import { decodeReauthData, encodeReauthData, reauthTarget } from './reauth-data.ts';

describe('reauth data (/authentication/sms/{data})', () => {
  it('round-trips {next} as one URL-safe path segment', () => {
    const next = '/account/mobile/%2Fme%2Fsettings/changeMobile?x=1&y=ü';
    const data = encodeReauthData({ next });
    expect(data).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeReauthData(data)).toEqual({ next });
  });

  it('uses the base64url alphabet and no padding', () => {
    // "?>" and "~" encode to '/' and '+' in plain base64.
    const data = encodeReauthData({ next: '/??>>~~' });
    expect(data).not.toMatch(/[+/=]/);
    expect(decodeReauthData(data)).toEqual({ next: '/??>>~~' });
  });

  it('refuses what it cannot read', () => {
    expect(decodeReauthData(undefined)).toBeUndefined();
    expect(decodeReauthData('')).toBeUndefined();
    expect(decodeReauthData('not base64!')).toBeUndefined();
    expect(decodeReauthData(btoa('not json'))).toBeUndefined();
    expect(decodeReauthData(btoa('{"other":1}').replace(/=+$/, ''))).toBeUndefined();
    expect(decodeReauthData(btoa('{"next":42}').replace(/=+$/, ''))).toBeUndefined();
    expect(decodeReauthData(btoa('\xff\xfe'))).toBeUndefined();
  });
});

describe('reauthTarget', () => {
  it('follows a path on this site, else the settings', () => {
    expect(reauthTarget('/account/mobile/%2Fme/changeMobile')).toBe('/account/mobile/%2Fme/changeMobile');
    expect(reauthTarget('https://evil.example/')).toBe('/me/settings');
    expect(reauthTarget('//evil.example')).toBe('/me/settings');
    expect(reauthTarget(null)).toBe('/me/settings');
    expect(reauthTarget(decodeReauthData('garbage')?.next)).toBe('/me/settings');
  });
});

describe('maskMobile', () => {
  it('keeps the first four and the last two digits', () => {
    expect(maskMobile('0712345678')).toBe('0712****78');
    expect(maskMobile('12')).toBe('****');
  });
});
