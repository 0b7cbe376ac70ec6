// npm start: the whole product on one machine. Starts the simulators of outside systems (unless real
// provider credentials are configured) and the built server beside them, pointing the server's adapters
// at the simulators. Ctrl-C stops both; if either stops, the other is stopped too.
import { spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

if (simulated) {
  env.SIMULATORS = '1';
  env.SIMULATORS_PORT ??= '8090';
  env.CALLBACK_SECRET ??= randomBytes(24).toString('base64url');
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
  run('simulators', 'apps/simulators/dist/main.js', {
    ...env,
    ...simulatorKeys,
    SMS_DELIVERY_REPORT_URL: `http://127.0.0.1:${port}/api/member-service/sms/delivery-report/${env.CALLBACK_SECRET}`,
  });
  console.log(`SMS inbox (codes sent to players): http://127.0.0.1:${env.SIMULATORS_PORT}/sms/inbox`);
}
run('server', 'apps/server/dist/server.js', env);
