/** Minor units as the market's money (two decimals), grouped in the staff member's language. */
export function formatMoney(minor: number, language: string): string {
  return (minor / 100).toLocaleString(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

export function formatCount(count: number, language: string): string {
  return count.toLocaleString(language);
}

export function formatDate(iso: string | null, language: string): string {
  return iso ? new Date(iso).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' }) : '—';
}
