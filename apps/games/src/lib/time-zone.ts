/**
 * The market's time zone, which the server writes into the page (`<meta name="time-zone">`, from the
 * country profile): times read as the app shows them (Nairobi time in Kenya), whatever the phone's own
 * zone. Without it (or with a zone the browser does not know), the phone's zone stands in.
 */
export const TIME_ZONE_META = 'time-zone';

export function pageTimeZone(doc: Document = document): string | undefined {
  const zone = doc.querySelector<HTMLMetaElement>(`meta[name="${TIME_ZONE_META}"]`)?.content;
  if (!zone) return undefined;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}
