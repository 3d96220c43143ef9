/** Wire shapes of the auth calls (docs/ARCHITECTURE.md "auth"). */
import type { AuthUser, DeviceSummary, LoginResponse } from '@panel/domain/auth';
import type { DeviceRow, UserProfile } from './repository.js';

export function presentUser(profile: UserProfile): AuthUser {
  const { user } = profile;
  return {
    id: user.id,
    username: user.username,
    baseId: user.baseId,
    firstName: user.firstName,
    lastName: user.lastName,
    roles: profile.roles,
    groups: profile.groups,
  };
}

export function presentDevice(device: DeviceRow): DeviceSummary {
  return { id: device.id, name: device.name, code: device.code };
}

export function presentLogin(input: {
  token: string;
  instance: string;
  profile: UserProfile;
  device: DeviceRow | null;
  devices: DeviceRow[];
}): LoginResponse {
  return {
    result: true,
    message: input.token,
    user: presentUser(input.profile),
    device: input.device ? presentDevice(input.device) : null,
    devices: input.devices.map(presentDevice),
    instance: input.instance,
  };
}
