import type { WebSite } from '@shared/contract/tenants.js';

/** The public website configuration of the demo agent (spec 01 §3 'webSite'). */
export const demoWebSite: WebSite = {
  webSiteFlag: true,
  id: 'demo-site',
  agentName: 'Demo Logistics',
  agentCode: 'demo',
  logoUrl: '/branding/demo-logo.svg',
  title: 'Demo Logistics: cross-border fulfilment for Southeast Asia',
  banners: [
    { imgUrl: '/branding/banner-warehouse.svg', webUrl: 'https://demo-logistics.example.com/warehouse' },
    { imgUrl: '/branding/banner-shipping.svg', webUrl: 'https://demo-logistics.example.com/shipping' },
  ],
  cooperationPlatform: [
    { name: 'Shopee', imgUrl: '/branding/platform-shopee.svg' },
    { name: 'Lazada', imgUrl: '/branding/platform-lazada.svg' },
    { name: 'TikTok Shop', imgUrl: '/branding/platform-tiktok.svg' },
    { name: 'Shopify', imgUrl: '/branding/platform-shopify.svg' },
  ],
  companyPhotoUrl: '/branding/company.svg',
  introduction:
    'Warehouses in Dongguan, Bangkok and Taoyuan receive, store, pick and ship marketplace orders for sellers across Southeast Asia.',
  services: [
    { title: 'Warehousing', content: 'Receiving, shelving, stock counts and stock age reports per SKU.' },
    {
      title: 'Order fulfilment',
      content: 'Orders synced from every marketplace, picked, packed and bagged the same day.',
    },
    {
      title: 'Cross-border shipping',
      content: 'Line haul by land, air and sea with waybills printed for each marketplace.',
    },
  ],
  showDistribution: true,
  teamPhotosUrl: ['/branding/team-1.svg'],
  guarantee: [
    {
      name: 'Service hours',
      des: '6 days x 12 hours online service',
      imgUrl: '/branding/guarantee-service.svg',
    },
    {
      name: 'Accuracy',
      des: 'Exception rate within 3 per ten thousand',
      imgUrl: '/branding/guarantee-accuracy.svg',
    },
  ],
  contactNumber: '+86 769 0000 0000',
  publicQrcode: null,
  webchatQrcode: null,
  corporateName: 'Demo Logistics Co., Ltd.',
  friendlyLinks: [{ name: 'Shopee Seller Centre', webUrl: 'https://seller.shopee.cn' }],
  createTime: '2026-01-01T00:00:00Z',
  delFlag: 0,
  products: [],
};
