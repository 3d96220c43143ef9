/**
 * Every Czech text of the panel, verbatim from the spec (typos included: 'udádolsti', 'aktulizace',
 * 'následujích', 'přiřazano … zařízeni', 'zažízení', 'pri'). Texts with a placeholder are functions.
 */
import { appLog, alerts, micTest, shell } from './texts/shell';
import { auth, password, server } from './texts/auth';
import { contacts, events, jobs, sms, validation } from './texts/events';
import { media, messages } from './texts/messages';
import { devices, map } from './texts/map';
import { wire } from './texts/wire';

export const texts = {
  auth,
  password,
  server,
  shell,
  alerts,
  micTest,
  appLog,
  events,
  validation,
  contacts,
  sms,
  jobs,
  messages,
  media,
  map,
  devices,
  wire,
} as const;

export type Texts = typeof texts;
