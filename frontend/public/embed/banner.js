/*
 * Parrot Phrases promo banner for third-party pages. Hand-written, no build step: Vite copies it
 * into the site's dist, served at {site}/embed/banner.js.
 *
 *   <div id="parrot-phrases-banner"></div>
 *   <script src="{site}/embed/banner.js" data-site-id="site_settings" data-target="parrot-phrases-banner" async></script>
 *
 * Optional: data-layout="vertical" (otherwise horizontal, or vertical when the container is narrow).
 * The banner lives in a shadow root, so the host page's CSS cannot restyle it and its CSS cannot leak
 * out. If the settings cannot be loaded it renders nothing and logs a warning.
 */
(function () {
  'use strict';
  var script = document.currentScript || document.querySelector('script[src*="/embed/banner.js"]');
  if (!script || !script.src) return;
  var origin = new URL(script.src, location.href).origin;
  var targetId = script.getAttribute('data-target') || 'parrot-phrases-banner';
  var forcedLayout = script.getAttribute('data-layout');
  // Banner sizes (spec section 9): title, description and logo height in px.
  var SIZES = { small: [16, 13, 30], medium: [20, 14, 40], large: [24, 16, 50] };

  function warn(msg, err) {
    if (window.console && console.warn) console.warn('[Parrot Phrases banner] ' + msg, err || '');
  }

  function container() {
    var el = document.getElementById(targetId);
    if (el) return el;
    // No container: put one right after the script tag.
    el = document.createElement('div');
    el.id = targetId;
    if (script.parentNode) script.parentNode.insertBefore(el, script.nextSibling);
    return el.isConnected ? el : null;
  }

  // Relative URLs (e.g. /media/assets/...) belong to the site the script came from, not the host page.
  function absolute(url) {
    try {
      var u = new URL(url, origin + '/');
      return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : '';
    } catch (e) {
      return '';
    }
  }

  var CSS =
    // The host element stays the embedder's to size and place; everything inside is reset.
    ':host{display:block}' +
    '.root{all:initial;display:block;container-type:inline-size;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;font-size:14px;line-height:1.4;color:#333;text-align:left}' +
    '.banner{box-sizing:border-box;display:flex;align-items:center;gap:16px;padding:16px 20px;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12)}' +
    '.logo{display:block;width:auto;max-width:160px;object-fit:contain;flex:none}' +
    '.text{flex:1 1 auto;min-width:0}' +
    '.title{margin:0 0 4px;font-weight:700;line-height:1.25;color:inherit}' +
    '.desc{margin:0;color:inherit;opacity:.9}' +
    '.cta{flex:none;display:inline-block;padding:10px 18px;border-radius:8px;font-weight:600;font-size:14px;text-decoration:none;white-space:nowrap;cursor:pointer}' +
    '.cta:hover{filter:brightness(1.08)}' +
    '.cta:focus-visible{outline:3px solid currentColor;outline-offset:2px}' +
    '.vertical{flex-direction:column;text-align:center;max-width:300px}' +
    '.vertical .logo{margin:0 auto}' +
    '@container (max-width: 480px){.banner{flex-direction:column;text-align:center}.logo{margin:0 auto}}';

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text) e.textContent = text;
    return e;
  }

  function render(host, s) {
    if (host.shadowRoot) return; // already rendered (script included twice)
    var root = host.attachShadow({ mode: 'open' });
    var style = el('style');
    style.textContent = CSS;
    root.appendChild(style);

    var px = SIZES[s.banner_size] || SIZES.medium;
    var wrap = el('div', 'root');
    var banner = el('aside', 'banner' + (forcedLayout === 'vertical' ? ' vertical' : ''));
    banner.setAttribute('aria-label', s.banner_title || 'Parrot Phrases app');
    banner.setAttribute('part', 'banner');
    // Colours go through the style API, never into CSS text: nothing from settings can inject rules.
    banner.style.backgroundColor = s.banner_bg_color || '#F5F3FF';
    banner.style.color = s.banner_text_color || '#333333';

    var logo = s.banner_show_logo !== false && s.logo ? absolute(s.logo) : '';
    if (logo) {
      var img = el('img', 'logo');
      img.src = logo;
      img.alt = '';
      img.style.height = px[2] + 'px';
      banner.appendChild(img);
    }
    var text = el('div', 'text');
    var title = el('p', 'title', s.banner_title || '');
    title.style.fontSize = px[0] + 'px';
    var desc = el('p', 'desc', s.banner_description || '');
    desc.style.fontSize = px[1] + 'px';
    text.appendChild(title);
    text.appendChild(desc);
    banner.appendChild(text);

    var cta = el('a', 'cta', s.banner_cta_text || 'Try the app now');
    cta.href = absolute(s.app_store_link || s.play_store_link || '') || origin + '/download';
    cta.target = '_blank';
    cta.rel = 'noopener';
    cta.style.color = s.banner_cta_color || '#FFFFFF';
    cta.style.backgroundColor = s.banner_cta_bg_color || '#e16b3c';
    banner.appendChild(cta);

    wrap.appendChild(banner);
    root.appendChild(wrap);
  }

  function start() {
    var host = container();
    if (!host) return warn('no container #' + targetId);
    fetch(origin + '/api/settings', { mode: 'cors', credentials: 'omit' })
      .then(function (res) {
        if (!res.ok) throw new Error('HTTP ' + res.status);
        return res.json();
      })
      .then(function (s) {
        if (!s || typeof s !== 'object' || !s.banner_title) throw new Error('no banner settings');
        render(host, s);
      })
      .catch(function (err) {
        warn('settings could not be loaded', err);
      });
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
