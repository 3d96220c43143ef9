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

/** Groups and roles the area policies read (000 §6). */
export const GROUP_MNG = 'MNG';
export const GROUP_COIS = 'COIS';
export const ROLE_ADMIN = 'admin';
export const ROLE_UDRP = 'udrp';

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

/** Adds a rule to the ability being built (CASL `AbilityBuilder.can`). */
export type Grant = (action: Action | Action[], subject: Subject | Subject[]) => void;

/** What an area's policy reads: the user and the active event of the ability's input. */
export type PolicyInput = Pick<AbilityInput, 'user' | 'activeEvent'>;

/**
 * One area's policy (`<area>/policy.ts`): the rules its actions and subjects get from the user's groups, roles and
 * the active event. `buildAbility` composes them.
 */
export type AreaPolicy = (can: Grant, input: PolicyInput) => void;

/** The user is in group MNG: view-only rules, nothing from roles, event roles or conversations (000 §6). */
export const isMngUser = (user: Pick<AbilityUser, 'groups'>): boolean => user.groups.includes(GROUP_MNG);
