import { ERRORS } from '@app/contracts/errors';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { act, fireEvent, render, screen } from '@testing-library/preact';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { t } from '../../lib/i18n.ts';
import { ApiError, catalogueMessage } from '../../lib/request.ts';
import { dismissToast, getToasts, toastError } from '../../lib/toast.ts';
import { ToastHost } from './toast-host.tsx';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={<ToastHost />} />
        <Route path={PAGE_PATHS.kyc} element={<p>verification page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('toasts of refusals', () => {
  afterEach(() => getToasts().forEach((toast) => dismissToast(toast.id)));

  it('a refusal until the identity is verified offers the way to verify, and the tap leads there', () => {
    renderAt('/lottery');
    act(() => void toastError(new ApiError(ERRORS.KYC_REQUIRED.code, '')));
    expect(screen.getByText(catalogueMessage(ERRORS.KYC_REQUIRED.code))).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: t('kyc.start') }));
    expect(screen.getByText('verification page')).toBeTruthy();
    expect(getToasts()).toHaveLength(0);
  });

  it('any other refusal is its message alone', () => {
    renderAt('/lottery');
    act(() => void toastError(new ApiError(ERRORS.INSUFFICIENT_BALANCE.code, '')));
    expect(screen.getByText(catalogueMessage(ERRORS.INSUFFICIENT_BALANCE.code))).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
