/**
 * Every area of the server as a named plugin, in the order app.ts registers them: auth first, then the others
 * by name (the order the routes and the OpenAPI document have always had). An area added here is served; an
 * area's parts (vehicles, alerts, map) register from the area's own routes.ts. The areas share code by imports,
 * not by decorators, so each depends only on the services and the authentication guard (http/plugins.ts).
 */
import { areaPlugin } from '../http/plugins.js';
import alertRoutes from './alerts/routes.js';
import authRoutes from './auth/routes.js';
import contactRoutes from './contacts/routes.js';
import deviceRoutes from './devices/routes.js';
import eventRoutes from './events/routes.js';
import healthRoutes from './health/routes.js';
import incidentReportRoutes from './incidentReport/routes.js';
import logRoutes from './logs/routes.js';
import mapRoutes from './map/routes.js';
import messageRoutes from './messages/routes.js';
import positionRoutes from './positions/routes.js';
import receiptRoutes from './receipts/routes.js';
import reportRoutes from './reports/routes.js';
import runCardRoutes from './runCards/routes.js';
import syncRoutes from './sync/routes.js';
import trackingRoutes from './tracking/routes.js';
import trainRoutes from './trains/routes.js';
import vehicleRoutes from './vehicles/routes.js';
import webPushRoutes from './webPush/routes.js';

export const AREA_PLUGINS = [
  areaPlugin({ name: 'auth', routes: authRoutes }),
  areaPlugin({ name: 'alerts', routes: alertRoutes }),
  areaPlugin({ name: 'contacts', routes: contactRoutes }),
  areaPlugin({ name: 'devices', routes: deviceRoutes }),
  areaPlugin({ name: 'events', routes: eventRoutes }),
  areaPlugin({ name: 'health', routes: healthRoutes }),
  areaPlugin({ name: 'incidentReport', routes: incidentReportRoutes }),
  areaPlugin({ name: 'logs', routes: logRoutes }),
  areaPlugin({ name: 'map', routes: mapRoutes }),
  areaPlugin({ name: 'messages', routes: messageRoutes }),
  areaPlugin({ name: 'positions', routes: positionRoutes }),
  areaPlugin({ name: 'receipts', routes: receiptRoutes }),
  areaPlugin({ name: 'reports', routes: reportRoutes }),
  areaPlugin({ name: 'runCards', routes: runCardRoutes }),
  areaPlugin({ name: 'sync', routes: syncRoutes }),
  areaPlugin({ name: 'tracking', routes: trackingRoutes }),
  areaPlugin({ name: 'trains', routes: trainRoutes }),
  areaPlugin({ name: 'vehicles', routes: vehicleRoutes }),
  areaPlugin({ name: 'webPush', routes: webPushRoutes }),
];
