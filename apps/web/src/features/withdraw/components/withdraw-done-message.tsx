/**
 * The server's word on a withdrawal just made, in the member's language (`Accept-Language`): one queued
 * while M-Pesa payments are paused says it will be paid when M-Pesa is back. Nothing when it has none.
 */
export function WithdrawDoneMessage({ message }: { message: string }) {
  if (!message) return null;
  return (
    <p className="withdraw-dialog__text" role="status" data-testid="withdraw-done-message">
      {message}
    </p>
  );
}
