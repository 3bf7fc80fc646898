import { useEffect } from 'react';
import type { Branding } from '@shared/contract/tenants.js';
import { injectChatScript } from './chat-script.js';

function setFavicon(href: string) {
  let link = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  link.href = href;
}

/** Applies the agent's branding to the document: title, favicon and the optional chat script. */
export function useBrandingEffects(branding: Branding | undefined) {
  const title = branding?.title;
  const iconUrl = branding?.iconUrl;
  const chatJs = branding?.chatJs;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
  useEffect(() => {
    if (iconUrl) setFavicon(iconUrl);
  }, [iconUrl]);
  useEffect(() => {
    injectChatScript(chatJs);
  }, [chatJs]);
}
