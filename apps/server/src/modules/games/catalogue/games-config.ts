import { simulatorsEnabled, simulatorsUrl } from '../../../adapters/outside-world.ts';
import type { Env } from '../../../env.ts';
import { getAppSettings } from '../../platform/config/config.service.ts';
import type { GamesConfig } from './games.service.ts';

/** Where the provider simulator serves its game page (apps/simulators, Hub88's launch protocol). */
const SIMULATED_LAUNCH_PATH = '/hub88/games/launch';

/**
 * The provider's launch address: PROVIDER_LAUNCH_URL, or the simulators' stand-in while they run. With
 * neither, provider games are listed but their launch answers GAME_PROVIDER_UNAVAILABLE.
 */
export function providerLaunchUrl(env: Env): string | undefined {
  if (env.PROVIDER_LAUNCH_URL) return env.PROVIDER_LAUNCH_URL;
  return simulatorsEnabled(env) ? `${simulatorsUrl(env)}${SIMULATED_LAUNCH_PATH}` : undefined;
}

export function gamesConfig(env: Env): GamesConfig {
  const settings = getAppSettings(env);
  return {
    hiddenSuppliers: settings.disallowedSuppliers,
    providerLaunchUrl: providerLaunchUrl(env),
    country: settings.country,
    winnerMinWin: env.WINNER_NOTICE_MIN_WIN,
  };
}
