/**
 * The payments module's service to deposit and withdraw: the pay channels and what callbacks said about a
 * payment (one table each, serving both directions). Their SQL stays in this module's repositories; the
 * other payment modules reach it only through here (the server's "services only" rule).
 */
export { findChannel, findEnabledChannels } from './channels.repository.ts';
export * as callbackHints from './callback-hints.repository.ts';
export { createDarajaTokenStore } from './daraja-token-store.ts';
export { emptyPushBucket, takePushSlot, type PushRate } from './admission.ts';
export {
  isMaintenanceAnswer,
  isMpesaPaused,
  pausedMessage,
  pauseForMaintenance,
  probeMaintenance,
} from './mpesa-pause.ts';
