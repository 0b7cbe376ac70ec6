// @vitest-environment jsdom
import { ERRORS } from '@app/contracts/errors';
import { render, screen } from '@testing-library/preact';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, it } from 'vitest';
import { setSettings } from '../../../lib/settings.ts';
import { envelope, kenyaSettings, okEnvelope, resetAppState, stubFetch } from '../../../test/fixtures.ts';
import { JumpPage } from './jump-page.tsx';

const fetchMock = stubFetch();
beforeEach(() => {
  setSettings(kenyaSettings);
  fetchMock.mockImplementation(async (url) => {
    const { pathname } = new URL(url, 'http://test');
    if (pathname.endsWith('/mall/goods/5')) return okEnvelope({ id: 5 });
    return envelope(
      { code: ERRORS.MALL_GOODS_NOT_FOUND.code, msg: ERRORS.MALL_GOODS_NOT_FOUND.msg, data: null },
      404,
    );
  });
});
afterEach(async () => {
  await resetAppState();
});

function renderJump(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/mall/jump/:id" element={<JumpPage />} />
        <Route path="/mall/detail/:id" element={<p>detail page</p>} />
        <Route path="/mall" element={<p>mall home</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('a goods deep link', () => {
  it('opens the item on sale', async () => {
    renderJump('/mall/jump/5');
    await screen.findByText('detail page');
  });

  it('lands on the mall when the item is no longer on sale', async () => {
    renderJump('/mall/jump/6');
    await screen.findByText('mall home');
  });

  it('lands on the mall for an id that is not a number', async () => {
    renderJump('/mall/jump/abc');
    await screen.findByText('mall home');
  });
});
