/**
 * The calls behind the warehouse screens: warehouses, their staff, partitions and
 * locations (with the status that follows from their stock). Replies are parsed with the
 * shared contract; changes answer the whole envelope so the screen shows the server's words.
 */
import { z } from 'zod';
import { pageResult } from '@shared/contract/common.js';
import {
  locationView,
  partitionView,
  staffView,
  warehouseOption,
  warehouseView,
  type LocationAddInput,
  type LocationBatchInput,
  type LocationCodesInput,
  locationCodesTaken,
  type LocationEditInput,
  type PartitionAddInput,
  type PartitionEditInput,
  type StaffAssignInput,
  type StaffRemoveInput,
  type WarehouseAddInput,
  type WarehouseEditInput,
} from '@shared/contract/warehouse.js';
import type { LocationStatus, LocationType } from '@shared/domain/warehouse.js';
import { downloadBlob } from '../client.js';
import { changeRequest, getParsed, requestEnvelope, type PageParams } from '../client.js';
import { useInventoryQuery } from './inventory.js';

const nothing = z.null();

export interface WarehouseFilter extends PageParams {
  code?: string;
  name?: string;
  isActive?: boolean;
}

export interface LocationFilter extends PageParams {
  warehouseId?: string;
  partitionId?: string;
  code?: string;
  locationType?: LocationType;
  status?: LocationStatus;
}

export const fetchWarehouseOptions = () => getParsed('/warehouse/options', z.array(warehouseOption));
export const fetchWarehouses = (filter: WarehouseFilter) =>
  getParsed('/warehouse/list', pageResult(warehouseView), { ...filter });
export const addWarehouse = (input: WarehouseAddInput) =>
  changeRequest('POST', '/warehouse/add', warehouseView, input);
export const editWarehouse = (input: WarehouseEditInput) =>
  changeRequest('PUT', '/warehouse/edit', warehouseView, input);
export const deleteWarehouse = (id: string) => changeRequest('DELETE', '/warehouse/delete', nothing, { id });

export const fetchStaff = (warehouseId: string) =>
  getParsed('/warehouse/staff/list', z.array(staffView), { warehouseId });
export const fetchStaffCandidates = (filter: PageParams & { keyword?: string }) =>
  getParsed('/warehouse/staff/candidates', pageResult(staffView), { ...filter });
export const assignStaff = (input: StaffAssignInput) =>
  changeRequest('POST', '/warehouse/staff/assign', z.array(staffView), input);
export const removeStaff = (input: StaffRemoveInput) =>
  changeRequest('DELETE', '/warehouse/staff/remove', nothing, input);

export const fetchPartitions = (warehouseId: string) =>
  getParsed('/warehouse/partition/list', z.array(partitionView), { warehouseId });
export const addPartition = (input: PartitionAddInput) =>
  changeRequest('POST', '/warehouse/partition/add', partitionView, input);
export const editPartition = (input: PartitionEditInput) =>
  changeRequest('PUT', '/warehouse/partition/edit', partitionView, input);
export const deletePartition = (id: string) =>
  changeRequest('DELETE', '/warehouse/partition/delete', nothing, { id });

export const fetchLocations = (filter: LocationFilter) =>
  getParsed('/warehouse/location/list', pageResult(locationView), { ...filter });
export const addLocation = (input: LocationAddInput) =>
  changeRequest('POST', '/warehouse/location/add', locationView, input);
export const addLocations = (input: LocationBatchInput) =>
  changeRequest('POST', '/warehouse/location/addBatch', z.array(locationView), input);
/** The codes of a rack the warehouse already holds (asked before the rack is sent). */
export const takenLocationCodes = (input: LocationCodesInput) =>
  requestEnvelope('/warehouse/location/checkCodes', {
    method: 'POST',
    body: input,
    schema: locationCodesTaken,
    silent: true,
  }).then((envelope) => envelope.result.taken);
export const editLocation = (input: LocationEditInput) =>
  changeRequest('PUT', '/warehouse/location/edit', locationView, input);
export const deleteLocation = (id: string) =>
  changeRequest('DELETE', '/warehouse/location/delete', nothing, { id });

/** The warehouses the signed-in user may pick (theirs for warehouse staff, all for agents). */
export const useWarehouseOptions = () => useInventoryQuery('warehouseOptions', null, fetchWarehouseOptions);
export const usePartitions = (warehouseId: string | undefined) =>
  useInventoryQuery('partitions', warehouseId ?? '', fetchPartitions, { enabled: Boolean(warehouseId) });

/** GET /print/label/location: the chosen locations' labels (or a whole warehouse's) as a PDF. */
export const printLocationLabels = (scope: { ids?: string[]; warehouseId?: string; partitionId?: string }) =>
  downloadBlob(
    '/print/label/location',
    { ids: scope.ids?.join(','), warehouseId: scope.warehouseId, partitionId: scope.partitionId },
    'location-labels.pdf',
  );
