// @vitest-environment jsdom
import { ERRORS } from '@app/contracts/errors';
import { fireEvent, render, screen } from '@testing-library/preact';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/request.ts';
import { isTransientError, QueryStatus } from './query-status.tsx';

describe('a page whose data did not come', () => {
  it('offers "Try again" only where asking again may answer otherwise', () => {
    expect(isTransientError(new TypeError('Failed to fetch'))).toBe(true);
    expect(isTransientError(new ApiError(ERRORS.INTERNAL.code, 'x', 500))).toBe(true);
    expect(isTransientError(new ApiError(ERRORS.INTERNAL.code, 'x', 429))).toBe(true);
    expect(isTransientError(new ApiError(ERRORS.NOT_FOUND.code, 'Not found', 404))).toBe(false);
    expect(isTransientError(new ApiError(ERRORS.NOT_FOUND.code, 'Not found', 400))).toBe(false);
  });

  it('says a thing that does not exist is not found and leads home, with no "Try again"', () => {
    const onRetry = vi.fn();
    render(
      <MemoryRouter>
        <QueryStatus
          status="error"
          error={new ApiError(ERRORS.NOT_FOUND.code, 'Not found', 404)}
          onRetry={onRetry}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Not found');
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByTestId('not-found-home').getAttribute('href')).toBe('/home');
  });

  it('offers "Try again" after a lost connection', () => {
    const onRetry = vi.fn();
    render(<QueryStatus status="error" error={new TypeError('Failed to fetch')} onRetry={onRetry} />);
    fireEvent.click(screen.getByRole('button'));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
