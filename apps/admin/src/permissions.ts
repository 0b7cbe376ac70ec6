import type { Permission } from '@app/contracts/staff';

/**
 * The permission each screen and action needs, the same the server checks on its route: the back office
 * only hides what the server would refuse anyway. A resource or action not listed is shown to nobody.
 */
export const RESOURCE_PERMISSIONS: Record<string, Partial<Record<string, Permission>>> = {
  players: {
    list: 'players.read',
    show: 'players.read',
    write: 'players.write',
    disable: 'players.disable',
    protect: 'players.protect',
  },
  'kyc-reviews': { list: 'kyc.read', decide: 'kyc.decide' },
  exclusions: { list: 'players.read' },
  'limit-changes': { list: 'players.read' },
  // The edit page shows the settings to readers too; saving them (`write`) needs the write permission.
  programmes: { list: 'promotions.read', edit: 'promotions.read', write: 'promotions.write' },
  draws: { list: 'promotions.read' },
  messages: { list: 'messages.send' },
  notices: { list: 'messages.send' },
  // Readers see the content and its previews; saving a change (`write`) needs content.write.
  content: { list: 'promotions.read', write: 'content.write' },
  'withdrawal-approvals': { list: 'withdrawals.approve' },
  'payment-cases': { list: 'payments.read', decide: 'payments.decide' },
  adjustments: { list: 'adjustments.request', approve: 'adjustments.approve' },
  'system-options': { list: 'options.write' },
  reports: { list: 'reports.read' },
  staff: { list: 'staff.manage' },
  audit: { list: 'audit.read' },
  jobs: { list: 'jobs.read' },
  fleet: { list: 'jobs.read' },
  'regulator-feed': { list: 'reports.read' },
};

export function allows(permissions: readonly string[], resource: string, action: string): boolean {
  const needed = RESOURCE_PERMISSIONS[resource]?.[action];
  return needed !== undefined && permissions.includes(needed);
}
