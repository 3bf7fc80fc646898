import { z } from 'zod';
import { agentCode } from './identity.js';

const link = z.string().trim().max(512);

/** The public agent website of spec 01 §3 'webSite'. */
export const webSite = z.object({
  webSiteFlag: z.boolean(),
  id: z.string().max(64),
  agentName: z.string().max(128),
  agentCode: z.string().max(32),
  logoUrl: link.nullable(),
  title: z.string().max(128),
  banners: z.array(z.object({ imgUrl: link, webUrl: link })).max(20),
  cooperationPlatform: z.array(z.object({ name: z.string().max(64), imgUrl: link })).max(50),
  companyPhotoUrl: link.nullable(),
  introduction: z.string().max(5000),
  services: z.array(z.object({ title: z.string().max(128), content: z.string().max(2000) })).max(30),
  showDistribution: z.boolean(),
  teamPhotosUrl: z.array(link).max(20),
  guarantee: z
    .array(z.object({ name: z.string().max(128), des: z.string().max(1000), imgUrl: link }))
    .max(20),
  contactNumber: z.string().max(64),
  publicQrcode: link.nullable(),
  webchatQrcode: link.nullable(),
  corporateName: z.string().max(128),
  friendlyLinks: z.array(z.object({ name: z.string().max(64), webUrl: link })).max(30),
  createTime: z.string(),
  delFlag: z.number().int(),
  products: z.array(z.object({ name: z.string().max(128), imgUrl: link, des: z.string().max(1000) })).max(50),
});
export type WebSite = z.infer<typeof webSite>;

/** POST /api/agent/agentMg/property: the site's origin and/or the agent query parameter. */
export const propertyBody = z.strictObject({
  domain: z.string().trim().max(2048).optional(),
  agentCode: agentCode.optional(),
});

/** The branding a login page and the shell read (spec 01 §7, first row). */
export const branding = z.object({
  title: z.string(),
  agentCode: z.string().nullable(),
  logo: z.string().nullable(),
  showAgentLink: z.boolean(),
  homeUrl: z.string().nullable(),
  homeImg: z.string().nullable(),
  friendName: z.string().nullable(),
  friendLink: z.string().nullable(),
  helpLink: z.string().nullable(),
  beianhao: z.string().nullable(),
  iconUrl: z.string().nullable(),
  chatJs: z.string().nullable(),
  webSite: webSite.nullable(),
});
export type Branding = z.infer<typeof branding>;
