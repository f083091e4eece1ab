/** getSpfXmxx: the platform's housing information of a project, by its central code. */
import type { AppContext } from '@server/app-context';
import { AppError } from '@shared/errors/app-error';
import { dockingMessages as m } from '@shared/validation/docking';
import { DockingFeedError, dockingProviderFor } from './provider';

/** Asks the provider; an unreachable platform answers 'unavailable', an unknown code 404. */
export async function housingInfo(
  ctx: Pick<AppContext, 'config'>,
  input: { centralCode: string; projectId?: number | undefined; itemIds?: number[] | undefined },
) {
  let info;
  try {
    info = await dockingProviderFor(ctx.config.docking).housingInfo(input.centralCode);
  } catch (error) {
    if (error instanceof DockingFeedError)
      throw new AppError('unavailable', { message: m.platformUnavailable });
    throw error;
  }
  if (!info) throw new AppError('not_found', { message: m.housingNotFound });
  return {
    centralCode: info.centralCode,
    projectName: info.projectName,
    developer: info.developer,
    presaleLicenseNo: info.presaleLicenseNo ?? null,
    landUseCertificateNo: info.landUseCertificateNo ?? null,
    totalBuildingArea: info.totalBuildingArea ?? null,
    buildings: info.buildings.map((b) => ({ ...b, buildingArea: b.buildingArea ?? null })),
    projectId: input.projectId ?? null,
    itemIds: input.itemIds ?? [],
  };
}
