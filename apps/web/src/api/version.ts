import type { VersionInfo } from '@panel/domain/health';
import { api } from './client';

export type { VersionInfo };

export function fetchVersion(): Promise<VersionInfo> {
  return api.get<VersionInfo>(`/version.json?t=${Date.now()}`, { anonymous: true, key: 'version' });
}
