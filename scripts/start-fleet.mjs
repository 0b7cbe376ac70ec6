// npm run start:fleet — the product as a fleet on this machine: FLEET_SIZE (3) instances of the built app on
// PostgreSQL (DATABASE_URL, default the machine's, database `casino_fleet`) and Redis (REDIS_URL), behind
// HAProxy at PORT (8080), with the simulators. Needs `apt-get install haproxy`. Ctrl-C stops everything.
import { existsSync } from 'node:fs';
import { HAPROXY, startFleet } from './fleet.mjs';

if (!existsSync(HAPROXY)) {
  console.error(`HAProxy is not installed (${HAPROXY}): apt-get install -y haproxy`);
  process.exit(1);
}
const fleet = await startFleet({
  size: Number(process.env.FLEET_SIZE ?? 3),
  port: Number(process.env.PORT ?? 8080),
  databaseUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/casino_fleet',
  redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  env: { SEED_DEMO_BONUSES: '1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
  // A person's own settings (COUNTRY=BR, THEME…) reach every instance.
  inherit: true,
});
console.log(`
The casino, as a fleet of ${fleet.instances.length} instances behind HAProxy:  ${fleet.url}
${fleet.instances.map((instance) => `  ${instance.id}  ${instance.process.url}  (pid ${instance.process.pid})`).join('\n')}
Simulators (SMS inbox, M-Pesa phone page):  ${fleet.simulatorsUrl}
Ctrl-C stops them all.`);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void fleet.stop().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
