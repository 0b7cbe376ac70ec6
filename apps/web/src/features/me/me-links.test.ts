import { describe, expect, it } from 'vitest';
import { linksNotInMenu } from './me-links.ts';

describe('linksNotInMenu', () => {
  it('drops an app link the operator menu already has, whatever its query or trailing slash', () => {
    const links = [
      { to: '/me/faq', key: 'me.faq' },
      { to: '/supports', key: 'me.supports' },
      { to: '/me/settings', key: 'settings.title' },
      { to: '/password/modify', key: 'me.changePassword' },
    ];
    expect(linksNotInMenu(links, ['/me/faq?type=1', '/supports/', '/me/settings'])).toEqual([
      { to: '/password/modify', key: 'me.changePassword' },
    ]);
    expect(linksNotInMenu(links, [])).toEqual(links);
  });
});
