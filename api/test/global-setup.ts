import type { TestProject } from 'vitest/node';
import { startTestServices } from './support/global-services.js';

export default async function setup(project: TestProject) {
  const services = await startTestServices();
  project.provide('databaseAdminUrl', services.adminUrl);
  project.provide('databaseTemplate', services.template);
  project.provide('databasePrefix', services.databasePrefix);
  project.provide('redisUrl', services.redisUrl);
  return () => services.stop();
}
