/**
 * The common logistics query links: public tracking sites, store
 * locators and the customs code look-up, by region. Names are the services' own names and stay
 * untranslated; the kind of each link is translated.
 */
export type LogisticsRegion = 'taiwan' | 'thailand' | 'turkey';
export type LinkKind = 'tracking' | 'store_tracking' | 'store_locator' | 'customs_code';

export interface LogisticsLink {
  name: string;
  url: string;
  kind: LinkKind;
}

export const LOGISTICS_REGIONS: readonly LogisticsRegion[] = ['taiwan', 'thailand', 'turkey'];

export const LOGISTICS_LINKS: Record<LogisticsRegion, readonly LogisticsLink[]> = {
  taiwan: [
    { name: '中華郵政', url: 'https://postserv.post.gov.tw/pstmail/main_mail.html', kind: 'tracking' },
    { name: '黑貓宅急便', url: 'https://www.t-cat.com.tw/inquire/trace.aspx', kind: 'tracking' },
    { name: '新竹物流', url: 'https://www.hct.com.tw/search/searchgoods_n.aspx', kind: 'tracking' },
    { name: '嘉里大榮物流', url: 'https://www.kerrytj.com/zh/search/search_track.aspx', kind: 'tracking' },
    { name: '7-11 交貨便', url: 'https://myship.7-11.com.tw', kind: 'store_tracking' },
    { name: '全家 FamiPort', url: 'https://www.famiport.com.tw', kind: 'store_tracking' },
    { name: '蝦皮店到店', url: 'https://spx.tw', kind: 'store_tracking' },
    { name: '7-11 門市查詢', url: 'https://emap.pcsc.com.tw', kind: 'store_locator' },
    { name: '全家 門市查詢', url: 'https://www.family.com.tw/Marketing/zh/Map', kind: 'store_locator' },
    {
      name: '萊爾富 門市查詢',
      url: 'https://www.hilife.com.tw/storeInquiry_street.aspx',
      kind: 'store_locator',
    },
    {
      name: 'OK mart 門市查詢',
      url: 'https://www.okmart.com.tw/convenient_shopSearch',
      kind: 'store_locator',
    },
  ],
  thailand: [
    { name: 'Thailand Post', url: 'https://track.thailandpost.co.th', kind: 'tracking' },
    { name: 'Kerry Express (KEX)', url: 'https://th.kerryexpress.com/th/track/', kind: 'tracking' },
    { name: 'Flash Express', url: 'https://www.flashexpress.co.th/fle/tracking', kind: 'tracking' },
    {
      name: 'J&T Express Thailand',
      url: 'https://www.jtexpress.co.th/index/query/gzquery.html',
      kind: 'tracking',
    },
    { name: 'Best Express', url: 'https://www.best-inc.co.th/track', kind: 'tracking' },
    { name: 'Ninja Van Thailand', url: 'https://www.ninjavan.co/th-th/tracking', kind: 'tracking' },
    { name: 'Shopee Express (SPX)', url: 'https://spx.co.th', kind: 'tracking' },
  ],
  turkey: [
    { name: 'GTİP Sorgulama', url: 'https://www.gtipsorgulama.com', kind: 'customs_code' },
    { name: 'T.C. Ticaret Bakanlığı – TARA', url: 'https://uygulama.gtb.gov.tr/Tara', kind: 'customs_code' },
  ],
};
