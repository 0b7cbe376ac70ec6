// npm start: the whole product on one machine. Starts the simulators of outside systems (unless real
// provider credentials are configured) and the built server beside them, pointing the server's adapters
// at the simulators. Ctrl-C stops both; if either stops, the other is stopped too.
import { spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_STAFF } from '../packages/contracts/src/demo-staff.ts';
import { networkAddresses, SIMULATED_MPESA_PIN, startBanner } from './start-banner.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env };
const simulated = env.SIMULATORS ? env.SIMULATORS === '1' || env.SIMULATORS === 'true' : !env.SMS_API_KEY;
const children = [];

function run(name, entry, childEnv) {
  const child = spawn(process.execPath, [path.join(root, entry)], {
    cwd: root,
    env: childEnv,
    stdio: 'inherit',
  });
  child.on('exit', (code, signal) => {
    console.log(`${name} stopped (${signal ?? code})`);
    stopAll(code ?? 0);
  });
  children.push(child);
  return child;
}

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 200).unref();
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

/**
 * The callback secret the server keeps in `<DATA_DIR>/callback-secret` when none is configured
 * (apps/server/src/adapters/outside-world.ts does the same): made once, so Daraja's results and payment
 * links from before a restart still reach the server. Read here too, for the simulators' SMS reports.
 */
function keptCallbackSecret() {
  const file = path.resolve(root, env.DATA_DIR || 'data', 'callback-secret');
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(temporary, `${randomBytes(24).toString('base64url')}\n`, { mode: 0o600 });
    try {
      linkSync(temporary, file);
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(temporary);
    }
  }
  return readFileSync(file, 'utf8').trim();
}

// PUBLIC_URL stays unset unless given: the server then builds a player's links from the address the player
// opened (localhost, 127.0.0.1, the machine's address from a phone), docs/decisions.md "Links follow the
// address the player opened".

if (simulated) {
  env.SIMULATORS = '1';
  // The demo back-office account (public password and TOTP secret): only ever beside the simulators.
  env.DEMO_STAFF ??= '1';
  env.SIMULATORS_PORT ??= '8090';
  // With real Daraja credentials the server insists on a configured CALLBACK_SECRET: none is made here.
  if (!env.MPESA_CONSUMER_KEY) env.CALLBACK_SECRET ||= keptCallbackSecret();
  const port = env.PORT ?? '8080';
  // The simulated Daraja checks the B2C SecurityCredential for real: a key pair made now, the private key
  // to the simulator, the public key to the server as its MPESA_CERT, and one initiator password.
  const simulatorKeys = {};
  // (Not when the operator gave a certificate of their own: the simulator could not read what it encrypts.)
  if (!env.MPESA_CONSUMER_KEY && !env.MPESA_CERT) {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    env.MPESA_INITIATOR_PASSWORD ??= randomBytes(12).toString('base64url');
    env.MPESA_CERT = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    simulatorKeys.MPESA_PRIVATE_KEY = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  }
  // The simulated game provider and our Hub88 wallet API sign to each other (RSA-SHA256): two key pairs
  // made now. The server gets the provider's public key and our private key; the simulator the other
  // halves and the wallet's address. (Not when the operator configured a provider's keys.)
  if (!env.PROVIDER_PUBLIC_KEY && !env.PROVIDER_PRIVATE_KEY) {
    const pemOf = (key, type) => key.export({ type, format: 'pem' }).toString();
    const provider = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const operator = generateKeyPairSync('rsa', { modulusLength: 2048 });
    env.PROVIDER_PUBLIC_KEY = pemOf(provider.publicKey, 'spki');
    env.PROVIDER_PRIVATE_KEY = pemOf(operator.privateKey, 'pkcs8');
    simulatorKeys.PROVIDER_SIM_PRIVATE_KEY = pemOf(provider.privateKey, 'pkcs8');
    simulatorKeys.PROVIDER_OPERATOR_PUBLIC_KEY = pemOf(operator.publicKey, 'spki');
    simulatorKeys.PROVIDER_WALLET_URL = `http://127.0.0.1:${port}/api/provider/hub88`;
  }
  run('simulators', 'apps/simulators/dist/main.js', {
    ...env,
    // Our private key stays with the server.
    PROVIDER_PRIVATE_KEY: '',
    ...simulatorKeys,
    SMS_DELIVERY_REPORT_URL: `http://127.0.0.1:${port}/api/member-service/sms/delivery-report/${env.CALLBACK_SECRET}`,
  });
}
// A new demo player meets the welcome and first-deposit bonus (the test servers leave them off).
run('server', 'apps/server/dist/server.js', { SEED_DEMO_BONUSES: '1', ...env });
void announceWhenReady();

/**
 * Once the server answers, the block a tester needs, last on the screen: requests are logged at debug
 * (LOG_LEVEL), so nothing scrolls it away.
 */
async function announceWhenReady() {
  const port = env.PORT || '8080';
  const host = !env.HOST || env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
  for (let attempt = 0; attempt < 240 && !stopping; attempt += 1) {
    const ready = await fetch(`http://${host}:${port}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) {
      console.log(
        startBanner({
          port,
          host: env.HOST,
          publicUrl: env.PUBLIC_URL || undefined,
          simulated,
          simulatorsPort: env.SIMULATORS_PORT || '8090',
          simulatorsHost: env.SIMULATORS_HOST,
          mpesaPin: env.MPESA_PIN || SIMULATED_MPESA_PIN,
          adminToken: Boolean(env.ADMIN_TOKEN),
          lanAddresses: networkAddresses(networkInterfaces()),
          ...(simulated && env.DEMO_STAFF === '1' && { demoStaff: DEMO_STAFF }),
        }),
      );
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
