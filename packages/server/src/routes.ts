import type { FastifyPluginAsync } from 'fastify';
import { contactRoutes } from './account/contactRoutes.js';
import { accountRoutes } from './account/routes.js';
import { apiKeyRoutes } from './apiKeys/routes.js';
import { googleRoutes } from './auth/google.js';
import { authRoutes } from './auth/routes.js';
import { billingRoutes } from './billing/routes.js';
import { passwordRoutes } from './auth/passwordRoutes.js';
import { devRoutes } from './system/devRoutes.js';
import { systemRoutes } from './system/routes.js';
import { transcriptionRoutes } from './transcription/plugin.js';
import { usageRoutes } from './usage/routes.js';

/** Every route plugin of the API, registered in this order by buildApp. Add one line per module. */
export const routePlugins: FastifyPluginAsync[] = [
  systemRoutes,
  devRoutes,
  authRoutes,
  passwordRoutes,
  googleRoutes,
  apiKeyRoutes,
  accountRoutes,
  contactRoutes,
  billingRoutes,
  usageRoutes,
  transcriptionRoutes,
];
