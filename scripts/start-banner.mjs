// The block `npm start` prints last, once the server answers: everything a newcomer needs to try the
// product, and nothing else (scripts/start-banner.test.ts).

/** The simulated M-Pesa phone's PIN unless MPESA_PIN is set (the simulators' DEFAULT_MPESA_PIN, tested). */
export const SIMULATED_MPESA_PIN = '1234';

/**
 * The machine's addresses a phone on the same network can reach (IPv4, not loopback): where to open the
 * app from a phone when the server listens on every interface.
 * @param {Record<string, Array<{ family: string | number; internal: boolean; address: string }> | undefined>} interfaces
 * @returns {string[]}
 */
export function networkAddresses(interfaces) {
  return Object.values(interfaces)
    .flatMap((entries) => entries ?? [])
    .filter((entry) => (entry.family === 'IPv4' || entry.family === 4) && !entry.internal)
    .map((entry) => entry.address);
}

/** Listening on every interface (the server's default HOST). */
function listensEverywhere(host) {
  return !host || host === '0.0.0.0' || host === '::';
}

/**
 * @param {{
 *   port: string;
 *   host: string | undefined;
 *   publicUrl: string | undefined;
 *   simulated: boolean;
 *   simulatorsPort: string;
 *   simulatorsHost: string | undefined;
 *   mpesaPin: string;
 *   adminToken: boolean;
 *   lanAddresses: string[];
 *   demoStaff?: { login: string; password: string; totpSecret: string };
 * }} options
 * @returns {string}
 */
export function startBanner(options) {
  const localHost = listensEverywhere(options.host) ? 'localhost' : options.host;
  const app = options.publicUrl ?? `http://${localHost}:${options.port}`;
  const simulators = `http://127.0.0.1:${options.simulatorsPort}`;
  const lines = ['', '─'.repeat(72), `App            ${app}`];
  // A phone on the network reaches the app when the server listens on it and links follow the player.
  const phoneAddresses = !options.publicUrl && listensEverywhere(options.host) ? options.lanAddresses : [];
  for (const address of phoneAddresses) {
    lines.push(
      `  from a phone http://${address}:${options.port} (same Wi-Fi: README "Trying it on a phone")`,
    );
  }
  if (options.simulated) {
    lines.push(
      `SMS inbox      ${simulators}/sms/inbox  (registration and login codes)`,
      `M-Pesa phone   ${simulators}/phone  (answer a deposit's prompt with PIN ${options.mpesaPin})`,
    );
    // The simulators listen on 127.0.0.1 unless SIMULATORS_HOST says otherwise.
    const simulatorsOpen = options.simulatorsHost === '0.0.0.0' || options.simulatorsHost === '::';
    if (!simulatorsOpen && phoneAddresses.length > 0) {
      lines.push('               (SIMULATORS_HOST=0.0.0.0 opens the simulators to a phone too)');
    }
  }
  // The back office; with the simulators, the demo account its login needs (docs/back-office.md).
  const demo = options.demoStaff;
  lines.push(`Back office    ${app}/admin${demo ? `  (${demo.login} / ${demo.password})` : ''}`);
  if (demo) lines.push(`               TOTP secret ${demo.totpSecret} (docs/back-office.md)`);
  const bootstrap = `POST ${app}/api/admin/staff/bootstrap`;
  lines.push(
    ...(options.adminToken
      ? [
          'Operator       create the first staff account with Authorization: Bearer $ADMIN_TOKEN:',
          `               ${bootstrap}`,
          '               (docs/api.md "Operators")',
        ]
      : [
          'Operator       restart with ADMIN_TOKEN=<a long secret> npm start, then create the first staff',
          `               account: ${bootstrap}`,
          '               (docs/api.md "Operators")',
        ]),
    'Stop           Ctrl-C',
    '─'.repeat(72),
  );
  return lines.join('\n');
}
