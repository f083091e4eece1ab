/**
 * CAS_SERVICE_REGISTRY: a directory of service definitions in Apereo CAS's JSON format (one service
 * per *.json file), read once at start. A file that is not a valid definition stops the start with
 * the file's name and what is wrong in it, so a typo never silently locks a system out (or in).
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { casAttributeNames, isHttpUrl, isValidPattern, type CasAttributeName } from '@shared/validation/cas';

/** A registered service from a file; the same shape the console's rows are matched with. */
export interface FileCasService {
  id: number;
  name: string;
  serviceId: string;
  attributes: CasAttributeName[];
  logoutUrl: string | null;
  enabled: boolean;
  file: string;
}

const releasePolicy = z.object({
  '@class': z.literal('org.apereo.cas.services.ReturnAllowedAttributeReleasePolicy'),
  allowedAttributes: z
    .tuple([z.literal('java.util.ArrayList'), z.array(z.enum(casAttributeNames))])
    .optional(),
});

/** Apereo's CasRegisteredService, the fields we use (others, such as description, are ignored). */
export const apereoServiceSchema = z.object({
  '@class': z.literal('org.apereo.cas.services.CasRegisteredService'),
  serviceId: z.string().min(1).max(500).refine(isValidPattern, 'serviceId is not a valid regular expression'),
  name: z.string().trim().min(1).max(100),
  id: z.number().int().min(1),
  attributeReleasePolicy: releasePolicy.optional(),
  logoutUrl: z.string().refine(isHttpUrl, 'logoutUrl must be an http(s) URL').optional(),
  accessStrategy: z.object({ enabled: z.boolean().optional() }).loose().optional(),
});

export class ServiceRegistryError extends Error {
  override name = 'ServiceRegistryError';
}

/** Reads every *.json file of `directory` (sorted by name); throws ServiceRegistryError on any problem. */
export function loadServiceFiles(directory: string): FileCasService[] {
  let names: string[];
  try {
    names = fs
      .readdirSync(directory)
      .filter((name) => name.endsWith('.json'))
      .sort();
  } catch (error) {
    throw new ServiceRegistryError(
      `CAS_SERVICE_REGISTRY: cannot read the directory ${directory} (${(error as Error).message})`,
    );
  }
  const services: FileCasService[] = [];
  for (const name of names) {
    const file = path.join(directory, name);
    let json: unknown;
    try {
      json = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch (error) {
      throw new ServiceRegistryError(
        `CAS_SERVICE_REGISTRY: ${file} is not valid JSON (${(error as Error).message})`,
      );
    }
    const parsed = apereoServiceSchema.safeParse(json);
    if (!parsed.success) {
      const problems = parsed.error.issues.map(
        (issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`,
      );
      throw new ServiceRegistryError(
        `CAS_SERVICE_REGISTRY: ${file} is not a CasRegisteredService definition:\n  ${problems.join('\n  ')}`,
      );
    }
    const definition = parsed.data;
    if (services.some((service) => service.id === definition.id)) {
      throw new ServiceRegistryError(`CAS_SERVICE_REGISTRY: ${file} repeats the id ${definition.id}`);
    }
    services.push({
      id: definition.id,
      name: definition.name,
      serviceId: definition.serviceId,
      attributes: definition.attributeReleasePolicy?.allowedAttributes?.[1] ?? [],
      logoutUrl: definition.logoutUrl ?? null,
      enabled: definition.accessStrategy?.enabled ?? true,
      file,
    });
  }
  return services;
}
