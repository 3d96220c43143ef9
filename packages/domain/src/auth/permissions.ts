/**
 * The permission names of the panel's checks `can(action, subject)` (000 §6, 001 §6) and the CASL ability types:
 * who may do what. Every area's rules ask these.
 */
import type { MongoAbility } from '@casl/ability';

export type Action = 'manage' | 'view' | 'create' | 'update' | 'remove' | 'updateState' | 'all' | (string & {});
export type Subject =
  | 'Event'
  | 'EventChild'
  | 'EventResources'
  | 'EventContact'
  | 'EventJob'
  | 'Message'
  | 'Message1'
  | 'Message2'
  | 'Device'
  | 'Debug'
  | 'all'
  | (string & {});

export type AppAbility = MongoAbility<[Action, Subject]>;

export interface AbilityUser {
  id: number;
  baseId: number | null;
  roles: string[];
  groups: string[];
}

export interface AbilityInput {
  user: AbilityUser;
  /** Server permission strings `subject.action` (bundle `userPermissions`). */
  permissions: string[];
  activeEvent?: {
    id: number | null;
    eventRoles?: number[] | null;
    conversations?: { type: number }[];
  } | null;
  /** The eventRoles catalogue. */
  eventRoles: { id: number; permissions: string[] }[];
}

/** The user as the area rules read it: the base always, groups, roles and id where a rule needs them. */
export type RuleUser = Pick<AbilityUser, 'baseId'> & Partial<Pick<AbilityUser, 'groups' | 'roles' | 'id'>>;
