/**
 * The demo back-office account (docs/back-office.md "Logging in locally"): made at start only when the
 * server runs with DEMO_STAFF=1 beside the simulators (`npm start` and the e2e servers do), never with real
 * providers. Its password and TOTP secret are public on purpose: type the secret into an authenticator app,
 * or compute the code with `oathtool --totp -b <secret>`.
 */
export const DEMO_STAFF = {
  login: 'demo-admin',
  password: 'demo-admin-password',
  /** Base32, as an authenticator app takes it (TOTP, SHA-1, 6 digits, 30 s). */
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  roles: ['admin'],
} as const;
