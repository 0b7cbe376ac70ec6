import { escapeHtml } from '../html.ts';
import type { StoredSms } from './sms-message-store.ts';

const REFRESH_SECONDS = 2;

function formatSentAt(sentAt: string): string {
  // "2025-01-31T09:15:02.123Z" -> "2025-01-31 09:15:02 UTC": readable, and the same for every tester.
  return `${sentAt.slice(0, 10)} ${sentAt.slice(11, 19)} UTC`;
}

function inboxLink(number: string): string {
  return `/sms/inbox?number=${encodeURIComponent(number)}`;
}

function renderMessage(sms: StoredSms, showRecipient: boolean): string {
  const recipient = showRecipient
    ? ` to <a href="${escapeHtml(inboxLink(sms.to))}">${escapeHtml(sms.to)}</a>`
    : '';
  return `<li class="sms">
  <div class="meta"><strong>${escapeHtml(sms.from)}</strong>${recipient} · <time datetime="${escapeHtml(sms.sentAt)}">${escapeHtml(formatSentAt(sms.sentAt))}</time></div>
  <p class="text">${escapeHtml(sms.message)}</p>
</li>`;
}

const STYLES = `
  body { margin: 0; font: 16px/1.4 system-ui, sans-serif; background: #f2f2f5; color: #1c1c1e; }
  header { position: sticky; top: 0; padding: 12px 16px; background: #1c1c1e; color: #fff; }
  header h1 { margin: 0; font-size: 18px; }
  header p { margin: 4px 0 0; font-size: 13px; opacity: .75; }
  header a { color: #9cf; }
  main { max-width: 560px; margin: 0 auto; padding: 12px; }
  ul { list-style: none; margin: 0; padding: 0; }
  .sms { margin: 0 0 10px; padding: 10px 12px; border-radius: 14px; background: #fff; box-shadow: 0 1px 2px rgba(0,0,0,.08); }
  .meta { font-size: 13px; color: #555; }
  .meta a { color: #0a5fd6; }
  .text { margin: 6px 0 0; font-size: 17px; white-space: pre-wrap; overflow-wrap: anywhere; }
  .numbers a { display: inline-block; margin: 0 8px 8px 0; padding: 6px 10px; border-radius: 14px; background: #fff; color: #0a5fd6; text-decoration: none; }
  .empty { color: #666; text-align: center; padding: 24px 0; }
`;

/**
 * The tester's phone: the messages one number received, or (without a number) the latest messages for
 * everyone with a link to each number's inbox. It refreshes itself so an OTP shows up without a tap, and
 * declares an empty icon so the browser does not fetch /favicon.ico on every refresh.
 */
export function renderInboxPage(input: { number: string | undefined; messages: StoredSms[] }): string {
  const { number, messages } = input;
  const title = number === undefined ? 'SMS inbox: all numbers' : `SMS inbox: ${number}`;
  const subtitle =
    number === undefined
      ? `Latest ${messages.length} messages, newest first. Refreshes every ${REFRESH_SECONDS} s.`
      : `Newest first. Refreshes every ${REFRESH_SECONDS} s. <a href="/sms/inbox">All numbers</a>`;

  const numbers = [...new Set(messages.map((sms) => sms.to))];
  const numberLinks =
    number === undefined && numbers.length > 0
      ? `<nav class="numbers">${numbers
          .map((to) => `<a href="${escapeHtml(inboxLink(to))}">${escapeHtml(to)}</a>`)
          .join('')}</nav>`
      : '';
  const list =
    messages.length === 0
      ? '<p class="empty">No messages yet.</p>'
      : `<ul>${messages.map((sms) => renderMessage(sms, number === undefined)).join('\n')}</ul>`;

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${REFRESH_SECONDS}">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<style>${STYLES}</style>
</head>
<body>
<header><h1>${escapeHtml(title)}</h1><p>${subtitle}</p></header>
<main>
${numberLinks}
${list}
</main>
</body>
</html>
`;
}
