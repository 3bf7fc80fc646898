/** Warehouse calls: warehouses, staff, partitions and locations. HTTP only. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, pageResult } from '@shared/contract/common.js';
import {
  locationAddBody,
  locationBatchBody,
  locationByCodeQuery,
  locationCodesBody,
  locationCodesTaken,
  locationEditBody,
  locationIdQuery,
  locationListQuery,
  locationView,
  partitionAddBody,
  partitionEditBody,
  partitionIdQuery,
  partitionListQuery,
  partitionView,
  staffAssignBody,
  staffCandidatesQuery,
  staffListQuery,
  staffRemoveQuery,
  staffView,
  warehouseAddBody,
  warehouseEditBody,
  warehouseIdQuery,
  warehouseListQuery,
  warehouseOption,
  warehouseOptionsQuery,
  warehouseView,
} from '@shared/contract/warehouse.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { needs, nothing, said } from '../../http/route-kit.js';
import type { AppDeps } from '../../deps.js';
import type { LocationOccupancy } from './warehouse.queries.js';
import { ok } from '../../http/reply.js';
import { inActorTenant } from '../../http/scope.js';
import {
  addLocation,
  addLocations,
  addPartition,
  deleteLocation,
  deletePartition,
  editLocation,
  editPartition,
  listLocations,
  listPartitions,
  locationByCode,
  takenLocationCodes,
} from './location.service.js';
import {
  addWarehouse,
  assignStaff,
  deleteWarehouse,
  editWarehouse,
  getWarehouse,
  listStaff,
  listStaffCandidates,
  listWarehouseOptions,
  listWarehouses,
  removeStaff,
} from './warehouse.service.js';

/** `occupancy` says what lies on each location; app.ts passes the inventory module's. */
export async function warehouseRoutes(app: FastifyInstance, deps: AppDeps, occupancy: LocationOccupancy) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['warehouse'];

  api.get(
    '/warehouse/options',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        querystring: warehouseOptionsQuery,
        response: { 200: envelope(z.array(warehouseOption)) },
      },
    },
    async (request) => ok(await inActorTenant(db, request, listWarehouseOptions)),
  );

  api.get(
    '/warehouse/list',
    {
      config: needs(PERMISSIONS.warehouseList),
      schema: {
        tags,
        querystring: warehouseListQuery,
        response: { 200: envelope(pageResult(warehouseView)) },
      },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => listWarehouses(tx, actor, request.query))),
  );

  api.get(
    '/warehouse/queryById',
    {
      config: needs(PERMISSIONS.warehouseList),
      schema: { tags, querystring: warehouseIdQuery, response: { 200: envelope(warehouseView) } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => getWarehouse(tx, actor, request.query))),
  );

  api.post(
    '/warehouse/add',
    {
      config: needs(PERMISSIONS.warehouseAdd),
      schema: { tags, body: warehouseAddBody, response: { 200: envelope(warehouseView) } },
    },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) => addWarehouse(tx, actor, request.body)),
        said(request, 'added'),
      ),
  );

  api.put(
    '/warehouse/edit',
    {
      config: needs(PERMISSIONS.warehouseEdit),
      schema: { tags, body: warehouseEditBody, response: { 200: envelope(warehouseView) } },
    },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) => editWarehouse(tx, actor, request.body)),
        said(request, 'updated'),
      ),
  );

  api.delete(
    '/warehouse/delete',
    {
      config: needs(PERMISSIONS.warehouseEdit),
      schema: { tags, querystring: warehouseIdQuery, response: { 200: nothing } },
    },
    async (request) => {
      await inActorTenant(db, request, (tx, actor) => deleteWarehouse(tx, actor, request.query));
      return ok(null, said(request, 'deleted'));
    },
  );

  api.get(
    '/warehouse/staff/list',
    {
      config: needs(PERMISSIONS.warehouseList),
      schema: { tags, querystring: staffListQuery, response: { 200: envelope(z.array(staffView)) } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => listStaff(tx, actor, request.query))),
  );

  api.get(
    '/warehouse/staff/candidates',
    {
      config: needs(PERMISSIONS.warehouseStaff),
      schema: { tags, querystring: staffCandidatesQuery, response: { 200: envelope(pageResult(staffView)) } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => listStaffCandidates(tx, actor, request.query))),
  );

  api.post(
    '/warehouse/staff/assign',
    {
      config: needs(PERMISSIONS.warehouseStaff),
      schema: { tags, body: staffAssignBody, response: { 200: envelope(z.array(staffView)) } },
    },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) => assignStaff(tx, actor, request.body)),
        said(request, 'saved'),
      ),
  );

  api.delete(
    '/warehouse/staff/remove',
    {
      config: needs(PERMISSIONS.warehouseStaff),
      schema: { tags, querystring: staffRemoveQuery, response: { 200: nothing } },
    },
    async (request) => {
      await inActorTenant(db, request, (tx, actor) => removeStaff(tx, actor, request.query));
      return ok(null, said(request, 'deleted'));
    },
  );

  api.get(
    '/warehouse/partition/list',
    {
      config: needs(PERMISSIONS.locationList),
      schema: { tags, querystring: partitionListQuery, response: { 200: envelope(z.array(partitionView)) } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => listPartitions(tx, actor, request.query))),
  );

  api.post(
    '/warehouse/partition/add',
    {
      config: needs(PERMISSIONS.locationEdit),
      schema: { tags, body: partitionAddBody, response: { 200: envelope(partitionView) } },
    },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) => addPartition(tx, actor, request.body)),
        said(request, 'added'),
      ),
  );

  api.put(
    '/warehouse/partition/edit',
    {
      config: needs(PERMISSIONS.locationEdit),
      schema: { tags, body: partitionEditBody, response: { 200: envelope(partitionView) } },
    },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) => editPartition(tx, actor, request.body)),
        said(request, 'updated'),
      ),
  );

  api.delete(
    '/warehouse/partition/delete',
    {
      config: needs(PERMISSIONS.locationEdit),
      schema: { tags, querystring: partitionIdQuery, response: { 200: nothing } },
    },
    async (request) => {
      await inActorTenant(db, request, (tx, actor) => deletePartition(tx, actor, request.query));
      return ok(null, said(request, 'deleted'));
    },
  );

  api.get(
    '/warehouse/location/list',
    {
      config: needs(PERMISSIONS.locationList),
      schema: { tags, querystring: locationListQuery, response: { 200: envelope(pageResult(locationView)) } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => listLocations(tx, actor, request.query, occupancy))),
  );

  api.get(
    '/warehouse/location/queryByCode',
    {
      config: needs(PERMISSIONS.locationList),
      schema: { tags, querystring: locationByCodeQuery, response: { 200: envelope(locationView) } },
    },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) => locationByCode(tx, actor, request.query, occupancy)),
      ),
  );

  api.post(
    '/warehouse/location/add',
    {
      config: needs(PERMISSIONS.locationEdit),
      schema: { tags, body: locationAddBody, response: { 200: envelope(locationView) } },
    },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) => addLocation(tx, actor, request.body, occupancy)),
        said(request, 'added'),
      ),
  );

  api.post(
    '/warehouse/location/addBatch',
    {
      config: needs(PERMISSIONS.locationEdit),
      schema: { tags, body: locationBatchBody, response: { 200: envelope(z.array(locationView)) } },
    },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) => addLocations(tx, actor, request.body, occupancy)),
        said(request, 'added'),
      ),
  );

  api.post(
    '/warehouse/location/checkCodes',
    {
      config: needs(PERMISSIONS.locationEdit),
      schema: { tags, body: locationCodesBody, response: { 200: envelope(locationCodesTaken) } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => takenLocationCodes(tx, actor, request.body))),
  );

  api.put(
    '/warehouse/location/edit',
    {
      config: needs(PERMISSIONS.locationEdit),
      schema: { tags, body: locationEditBody, response: { 200: envelope(locationView) } },
    },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) => editLocation(tx, actor, request.body, occupancy)),
        said(request, 'updated'),
      ),
  );

  api.delete(
    '/warehouse/location/delete',
    {
      config: needs(PERMISSIONS.locationEdit),
      schema: { tags, querystring: locationIdQuery, response: { 200: nothing } },
    },
    async (request) => {
      await inActorTenant(db, request, (tx, actor) => deleteLocation(tx, actor, request.query));
      return ok(null, said(request, 'deleted'));
    },
  );
}
