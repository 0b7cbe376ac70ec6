import { escapeHtml } from '../html.ts';
import type { FacebookTestUser } from './test-users.ts';

const STYLES = `
  body { margin: 0; font: 16px/1.4 system-ui, sans-serif; background: #f0f2f5; color: #1c1e21; }
  header { padding: 12px 16px; background: #1877f2; color: #fff; }
  header h1 { margin: 0; font-size: 20px; letter-spacing: -.5px; }
  header p { margin: 2px 0 0; font-size: 12px; opacity: .85; }
  main { max-width: 420px; margin: 0 auto; padding: 16px 12px; }
  .card { margin: 0 0 12px; padding: 16px; border-radius: 8px; background: #fff; box-shadow: 0 1px 2px rgba(0,0,0,.12); }
  h2 { margin: 0 0 8px; font-size: 18px; }
  p { margin: 0 0 12px; }
  .app { font-weight: 600; overflow-wrap: anywhere; }
  .muted { color: #65676b; font-size: 14px; }
  form { margin: 0; }
  button, input { box-sizing: border-box; width: 100%; min-height: 44px; font: inherit; border-radius: 6px; }
  button { margin: 0 0 8px; border: 0; background: #1877f2; color: #fff; font-weight: 600; cursor: pointer; }
  button small { display: block; font-weight: 400; font-size: 12px; opacity: .85; }
  button.secondary { background: #e4e6eb; color: #1c1e21; }
  input { margin: 0 0 8px; padding: 8px 12px; border: 1px solid #ccd0d5; background: #fff; }
  label { display: block; margin: 0 0 4px; font-size: 14px; font-weight: 600; }
  .error { border-left: 4px solid #d93025; }
`;

function renderDocument(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<style>${STYLES}</style>
</head>
<body>
<header><h1>facebook</h1><p>Login simulator: no real account is used</p></header>
<main>
${body}
</main>
</body>
</html>
`;
}

function renderHiddenFields(fields: Record<string, string | undefined>): string {
  return Object.entries(fields)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
}

function describeRequestedData(scopes: readonly string[]): string {
  return scopes.includes('email')
    ? 'your name, profile picture and email address'
    : 'your name and profile picture';
}

export type LoginPageInput = {
  clientId: string;
  /** The address the forms post back to: the dialog's own path. */
  formAction: string;
  /** The dialog's parameters, carried through each form so the POST can be checked as the GET was. */
  hiddenFields: Record<string, string | undefined>;
  scopes: readonly string[];
  users: readonly FacebookTestUser[];
};

/**
 * The provider's login dialog, as a phone shows it: one button per test account, a form to become a new
 * account, and Cancel. Plain forms, so it works with JavaScript off and in any automated browser.
 */
export function renderLoginPage(input: LoginPageInput): string {
  const hidden = renderHiddenFields(input.hiddenFields);
  const action = escapeHtml(input.formAction);
  const userButtons = input.users
    .map(
      (user) =>
        `<button type="submit" name="user_id" value="${escapeHtml(user.id)}">Continue as ${escapeHtml(user.name)}<small>${escapeHtml(user.email ?? 'no email on this account')}</small></button>`,
    )
    .join('\n');

  const body = `<section class="card">
<h2>Log in with Facebook</h2>
<p><span class="app">${escapeHtml(input.clientId)}</span> will receive ${describeRequestedData(input.scopes)}.</p>
<form method="post" action="${action}">
${hidden}
<input type="hidden" name="action" value="continue">
${userButtons}
</form>
</section>
<section class="card">
<h2>Someone else</h2>
<form method="post" action="${action}">
${hidden}
<input type="hidden" name="action" value="new">
<label for="name">Name</label>
<input id="name" name="name" required maxlength="100" autocomplete="name">
<label for="email">Email (optional)</label>
<input id="email" name="email" type="email" maxlength="254" autocomplete="email">
<button type="submit">Continue as a new user</button>
</form>
</section>
<form method="post" action="${action}">
${hidden}
<input type="hidden" name="action" value="cancel">
<button type="submit" class="secondary">Cancel</button>
</form>
<p class="muted">Test accounts of the simulator. Cancel sends the app the same answer as a real refusal.</p>`;

  return renderDocument('Log in with Facebook', body);
}

/**
 * Shown instead of redirecting when the request cannot be trusted (unknown app, bad redirect_uri):
 * sending a code, or even an error, to an address nobody registered would help an attacker.
 */
export function renderErrorPage(message: string): string {
  return renderDocument(
    'Error',
    `<section class="card error">
<h2>Sorry, something went wrong</h2>
<p>${escapeHtml(message)}</p>
<p class="muted">The app that sent you here made a request the login dialog cannot accept.</p>
</section>`,
  );
}
