import type { VersionFile } from '@app/contracts/config';
import { VERSION_FILE_PATH } from '@app/contracts/paths';
import { useQuery, type QueryOptions } from '../../../lib/query.ts';

/** The app-download banner's image and APK address; a plain file, no envelope. */
async function getVersionFile(): Promise<VersionFile> {
  // The time query defeats intermediate caches holding an old release (spec §7).
  const response = await fetch(`${VERSION_FILE_PATH}?t=${Date.now()}`, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`version file: HTTP ${response.status}`);
  return (await response.json()) as VersionFile;
}

export function versionFileQuery(): QueryOptions<VersionFile> {
  return { queryKey: ['version-file'], queryFn: getVersionFile, staleTime: 30 * 60_000 };
}

export function useVersionFile(enabled: boolean): VersionFile | undefined {
  const query = useQuery({ ...versionFileQuery(), enabled });
  return enabled ? query.data : undefined;
}
