import { escapeHtml } from '../html.ts';
import type { StkPrompt } from './stk-push.ts';

const WAITING_REFRESH_SECONDS = 2;

const STYLES = `
  body { margin: 0; font: 16px/1.4 system-ui, sans-serif; background: #0b6b3a; color: #1c1c1e; }
  header { padding: 12px 16px; color: #fff; }
  header h1 { margin: 0; font-size: 18px; }
  header p { margin: 4px 0 0; font-size: 13px; opacity: .85; }
  main { max-width: 420px; margin: 0 auto; padding: 12px; }
  .card { margin: 0 0 12px; padding: 16px; border-radius: 14px; background: #fff; box-shadow: 0 2px 6px rgba(0,0,0,.2); }
  .prompt { font-size: 18px; overflow-wrap: anywhere; }
  label { display: block; margin: 12px 0 4px; font-size: 14px; color: #444; }
  input { box-sizing: border-box; width: 100%; padding: 10px; font-size: 20px; letter-spacing: 6px; border: 1px solid #999; border-radius: 8px; }
  .actions { display: flex; gap: 8px; margin-top: 12px; }
  button { flex: 1; padding: 12px; font-size: 16px; border: 0; border-radius: 8px; }
  .ok { background: #0b6b3a; color: #fff; }
  .cancel { background: #ddd; color: #1c1c1e; }
  .muted { color: #666; font-size: 14px; }
  a { color: #0a5fd6; }
`;

function formatAmount(amount: number): string {
  return amount.toLocaleString('en-KE', { maximumFractionDigits: 0 });
}

function renderPrompt(prompt: StkPrompt, businessName: string, msisdn: string): string {
  const account = `Account no. ${prompt.accountReference}`;
  return `<section class="card">
  <p class="prompt">Pay KES ${escapeHtml(formatAmount(prompt.amount))} to ${escapeHtml(businessName)} ${escapeHtml(account)}? Enter M-PESA PIN</p>
  <form method="post" action="/phone/answer">
    <input type="hidden" name="msisdn" value="${escapeHtml(msisdn)}">
    <input type="hidden" name="checkoutRequestId" value="${escapeHtml(prompt.checkoutRequestId)}">
    <label for="pin">M-PESA PIN</label>
    <input id="pin" name="pin" type="password" inputmode="numeric" autocomplete="off" autofocus>
    <div class="actions">
      <button class="cancel" type="submit" name="action" value="cancel">Cancel</button>
      <button class="ok" type="submit" name="action" value="ok">OK</button>
    </div>
  </form>
  <p class="muted">${escapeHtml(prompt.checkoutRequestId)}</p>
</section>`;
}

function renderLastOutcome(prompt: StkPrompt): string {
  const outcome =
    prompt.resultCode === 0
      ? `${prompt.mpesaReceiptNumber ?? ''} Confirmed. KES ${formatAmount(prompt.amount)} paid (account ${prompt.accountReference}).`
      : `${prompt.resultCode ?? ''} ${prompt.resultDesc ?? ''} (KES ${formatAmount(prompt.amount)}, account ${prompt.accountReference}).`;
  return `<section class="card"><p class="muted">Last request</p><p>${escapeHtml(outcome)}</p></section>`;
}

/**
 * The tester's phone for one number: the open STK prompt with a PIN field, or the last outcome.
 *
 * While waiting for a prompt the page reloads every 2 s. While a prompt is open it reloads only when
 * the prompt times out, or a reload every 2 s would wipe the PIN being typed.
 */
export function renderPhonePage(input: {
  msisdn: string | undefined;
  openPrompt: StkPrompt | undefined;
  lastPrompt: StkPrompt | undefined;
  openNumbers: string[];
  businessName: string;
  nowMs: number;
}): string {
  const { msisdn, openPrompt, lastPrompt } = input;
  const refreshSeconds =
    openPrompt === undefined
      ? WAITING_REFRESH_SECONDS
      : Math.max(1, Math.ceil((openPrompt.expiresAt - input.nowMs) / 1000) + 1);
  const title = msisdn === undefined ? 'M-PESA phone' : `M-PESA phone: ${msisdn}`;

  let content: string;
  if (msisdn === undefined) {
    const links = input.openNumbers
      .map(
        (number) =>
          `<li><a href="/phone?msisdn=${escapeHtml(encodeURIComponent(number))}">${escapeHtml(number)}</a></li>`,
      )
      .join('');
    content = `<section class="card">
  <form method="get" action="/phone">
    <label for="msisdn">Phone number (2547XXXXXXXX)</label>
    <input id="msisdn" name="msisdn" inputmode="numeric">
    <div class="actions"><button class="ok" type="submit">Open phone</button></div>
  </form>
</section>
<section class="card"><p class="muted">Numbers with an open prompt</p>${links === '' ? '<p>None.</p>' : `<ul>${links}</ul>`}</section>`;
  } else if (openPrompt !== undefined) {
    content = renderPrompt(openPrompt, input.businessName, msisdn);
  } else {
    content = `<section class="card"><p>No M-PESA prompt. Waiting…</p></section>${
      lastPrompt === undefined ? '' : renderLastOutcome(lastPrompt)
    }`;
  }

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${refreshSeconds}">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<style>${STYLES}</style>
</head>
<body>
<header><h1>${escapeHtml(title)}</h1><p>Simulated Safaricom phone for STK Push prompts.</p></header>
<main>
${content}
</main>
</body>
</html>
`;
}
