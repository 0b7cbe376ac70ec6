/** A Facebook account the simulator offers on its login dialog. */
export type FacebookTestUser = {
  /** The app-scoped user id Facebook gives the app: digits, stable for one person and one app. */
  id: string;
  name: string;
  /** Absent when the account was opened with a phone number, as many Kenyan accounts are. */
  email?: string | undefined;
};

/**
 * Three accounts a Kenyan tester recognises. Their ids never change, so a login made today finds the
 * same player tomorrow; the third has no email, the case the server must handle without failing.
 */
export const DEFAULT_TEST_USERS: readonly FacebookTestUser[] = [
  { id: '10160418820375001', name: 'Wanjiku Kamau', email: 'wanjiku.kamau@example.com' },
  { id: '10160418820375002', name: 'Brian Otieno', email: 'brian.otieno@example.com' },
  { id: '10160418820375003', name: 'Akinyi Wambui' },
];
