import { z } from 'zod';
import { string } from './common.js';
import { agentCode } from './identity.js';

const link = string().trim().max(512);

/** The public agent website of spec 01 §3 'webSite'. */
export const webSite = z.object({
  webSiteFlag: z.boolean(),
  id: string().max(64),
  agentName: string().max(128),
  agentCode: string().max(32),
  logoUrl: link.nullable(),
  title: string().max(128),
  banners: z.array(z.object({ imgUrl: link, webUrl: link })).max(20),
  cooperationPlatform: z.array(z.object({ name: string().max(64), imgUrl: link })).max(50),
  companyPhotoUrl: link.nullable(),
  introduction: string().max(5000),
  services: z.array(z.object({ title: string().max(128), content: string().max(2000) })).max(30),
  showDistribution: z.boolean(),
  teamPhotosUrl: z.array(link).max(20),
  guarantee: z.array(z.object({ name: string().max(128), des: string().max(1000), imgUrl: link })).max(20),
  contactNumber: string().max(64),
  publicQrcode: link.nullable(),
  webchatQrcode: link.nullable(),
  corporateName: string().max(128),
  friendlyLinks: z.array(z.object({ name: string().max(64), webUrl: link })).max(30),
  createTime: string(),
  delFlag: z.number().int(),
  products: z.array(z.object({ name: string().max(128), imgUrl: link, des: string().max(1000) })).max(50),
});
export type WebSite = z.infer<typeof webSite>;

/** POST /api/agent/agentMg/property: the site's origin and/or the agent query parameter. */
export const propertyBody = z.strictObject({
  domain: string().trim().max(2048).optional(),
  agentCode: agentCode.optional(),
});

/** The branding a login page and the shell read (spec 01 §7, first row). */
export const branding = z.object({
  title: string(),
  agentCode: string().nullable(),
  logo: string().nullable(),
  showAgentLink: z.boolean(),
  homeUrl: string().nullable(),
  homeImg: string().nullable(),
  friendName: string().nullable(),
  friendLink: string().nullable(),
  helpLink: string().nullable(),
  beianhao: string().nullable(),
  iconUrl: string().nullable(),
  chatJs: string().nullable(),
  webSite: webSite.nullable(),
});
export type Branding = z.infer<typeof branding>;
