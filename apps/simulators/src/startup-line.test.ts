import { describe, expect, it } from 'vitest';
import { maskSecretInUrl } from './startup-line.ts';

describe('the start-up line', () => {
  it('shows where delivery reports go without the callback secret at the end of the address', () => {
    const secret = 'k3J9-callback-secret-0123456789abcdef';
    const shown = maskSecretInUrl(`http://127.0.0.1:8080/api/member-service/sms/delivery-report/${secret}`);
    expect(shown).toBe('http://127.0.0.1:8080/api/member-service/sms/delivery-report/***');
    expect(shown).not.toContain(secret);
  });

  it('masks credentials and a query too, and leaves no address as it was', () => {
    const shown = maskSecretInUrl('https://user:pw@example.test/report/abc?token=xyz');
    expect(shown).toBe('https://***@example.test/report/***?***');
    expect(maskSecretInUrl(undefined)).toBeUndefined();
  });
});
