/**
 * What the simulators' start-up line may show of an address they were given. The delivery-report URL
 * ends in the server's callback secret (SMS_DELIVERY_REPORT_URL = …/sms/delivery-report/<CALLBACK_SECRET>),
 * and a log line is read by more people than the secret is meant for: the last path segment, and any
 * query or credentials, are masked (issue 22 §4).
 */
export function maskSecretInUrl(url: string | undefined): string | undefined {
  if (url === undefined || !URL.canParse(url)) return url;
  const parsed = new URL(url);
  const segments = parsed.pathname.split('/');
  const last = segments.length - 1;
  if (segments[last]) segments[last] = '***';
  const credentials = parsed.username || parsed.password ? '***@' : '';
  const query = parsed.search ? '?***' : '';
  return `${parsed.protocol}//${credentials}${parsed.host}${segments.join('/')}${query}`;
}
