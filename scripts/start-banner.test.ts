import { describe, expect, it } from 'vitest';
import { DEFAULT_MPESA_PIN } from '../apps/simulators/src/mpesa/mpesa-simulator.ts';
import { networkAddresses, SIMULATED_MPESA_PIN, startBanner } from './start-banner.mjs';

/** What `npm start` prints last (scripts/start.mjs): the addresses and steps a newcomer needs. */
const demo = {
  port: '8080',
  host: undefined,
  publicUrl: undefined,
  simulated: true,
  simulatorsPort: '8090',
  simulatorsHost: undefined,
  mpesaPin: SIMULATED_MPESA_PIN,
  adminToken: false,
  lanAddresses: ['192.168.1.23'],
};

describe('the block npm start ends with', () => {
  it('names the app, the SMS inbox, the M-Pesa phone page with its PIN, and how to become an operator', () => {
    const block = startBanner(demo);
    expect(block).toContain('App            http://localhost:8080');
    expect(block).toContain('http://127.0.0.1:8090/sms/inbox');
    expect(block).toContain('http://127.0.0.1:8090/phone');
    expect(block).toContain('PIN 1234');
    expect(block).toContain('ADMIN_TOKEN=');
    expect(block).toContain('POST http://localhost:8080/api/admin/staff/bootstrap');
    expect(block).toContain('docs/api.md "Operators"');
    // Short enough to read at a glance, narrow enough for an 80-column terminal.
    const lines = block.split('\n');
    expect(lines.length).toBeLessThanOrEqual(14);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(100);
  });

  it('tells where a phone on the same network opens the app, and that the simulators need opening to it', () => {
    const block = startBanner(demo);
    expect(block).toContain('from a phone http://192.168.1.23:8080');
    expect(block).toContain('SIMULATORS_HOST=0.0.0.0');
    expect(startBanner({ ...demo, simulatorsHost: '0.0.0.0' })).not.toContain('SIMULATORS_HOST');
    // A server on 127.0.0.1 only is out of a phone's reach: no phone line, no hint.
    const local = startBanner({ ...demo, host: '127.0.0.1' });
    expect(local).toContain('App            http://127.0.0.1:8080');
    expect(local).not.toContain('from a phone');
    expect(local).not.toContain('SIMULATORS_HOST');
  });

  it('shows the configured public address, and no phone address, when PUBLIC_URL is set', () => {
    const block = startBanner({ ...demo, publicUrl: 'https://play.example.com' });
    expect(block).toContain('App            https://play.example.com');
    expect(block).not.toContain('192.168.1.23');
  });

  it('names the back office and, with the simulators, the demo account to log in with', () => {
    const demoStaff = { login: 'demo-admin', password: 'demo-admin-password', totpSecret: 'JBSWY3DP' };
    const block = startBanner({ ...demo, demoStaff });
    expect(block).toContain('Back office    http://localhost:8080/admin  (demo-admin / demo-admin-password)');
    expect(block).toContain('TOTP secret JBSWY3DP');
    expect(block.split('\n').length).toBeLessThanOrEqual(14);
    expect(startBanner(demo)).not.toContain('TOTP secret');
  });

  it('with ADMIN_TOKEN set, says how to use it rather than to set it', () => {
    const block = startBanner({ ...demo, adminToken: true });
    expect(block).toContain('Authorization: Bearer $ADMIN_TOKEN');
    expect(block).not.toContain('restart with ADMIN_TOKEN');
  });

  it('leaves the simulators out when real providers are configured', () => {
    const block = startBanner({ ...demo, simulated: false });
    expect(block).not.toContain('sms/inbox');
    expect(block).not.toContain('/phone');
  });

  it('gives the PIN the simulated phone really asks for', () => {
    expect(SIMULATED_MPESA_PIN).toBe(DEFAULT_MPESA_PIN);
  });

  it('lists the IPv4 addresses of the network interfaces, not loopback or IPv6', () => {
    expect(
      networkAddresses({
        lo: [{ family: 'IPv4', internal: true, address: '127.0.0.1' }],
        wlan0: [
          { family: 'IPv4', internal: false, address: '192.168.1.23' },
          { family: 'IPv6', internal: false, address: 'fe80::1' },
        ],
        eth0: undefined,
      }),
    ).toEqual(['192.168.1.23']);
  });
});
