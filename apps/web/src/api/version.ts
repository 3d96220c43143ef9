import { api } from './client';

export interface VersionInfo {
  hash: string;
  environment?: string;
}

export function fetchVersion(): Promise<VersionInfo> {
  return api.get<VersionInfo>(`/version.json?t=${Date.now()}`, { anonymous: true, key: 'version' });
}
