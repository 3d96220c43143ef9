/** Auth wire types (docs/ARCHITECTURE.md "Auth calls"). */
export interface AuthUser {
  id: number;
  username: string;
  baseId: number | null;
  firstName: string;
  lastName: string;
  roles: string[];
  groups: string[];
}

export interface DeviceSummary {
  id: number;
  name: string;
  code: string;
}

export interface LoginResponse {
  result: true;
  /** The bearer token. */
  message: string;
  user: AuthUser;
  device: DeviceSummary | null;
  devices: DeviceSummary[];
  instance: string;
}

export interface LoginFailure {
  result: false;
  message: string;
}

export interface DeviceConfirmResponse {
  result: true;
  device: DeviceSummary;
}
