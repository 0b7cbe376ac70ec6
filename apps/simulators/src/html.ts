/**
 * Escapes text for an HTML page. Every value on the simulators' pages (inbox, login dialog, phone) came
 * from a client's request or a tester's typing, so all of it goes through here.
 */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
