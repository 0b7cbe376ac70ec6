import type { Permission } from '@app/contracts/staff';

/**
 * The permission each screen and action needs, the same the server checks on its route: the back office
 * only hides what the server would refuse anyway. A resource or action not listed is shown to nobody.
 */
export const RESOURCE_PERMISSIONS: Record<string, Partial<Record<string, Permission>>> = {
  players: { list: 'players.read', show: 'players.read' },
  reports: { list: 'reports.read' },
};

export function allows(permissions: readonly string[], resource: string, action: string): boolean {
  const needed = RESOURCE_PERMISSIONS[resource]?.[action];
  return needed !== undefined && permissions.includes(needed);
}
