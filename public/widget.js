/*
 * Lantern chat widget. Put it on any page of a site listed in WIDGET_SITES:
 *
 *   <script src="https://HELP-HOST/widget.js" async
 *     data-lang="de" data-position="right" data-color="#1f5fd6" data-open="false"
 *     data-identity="<token signed by your backend, optional>"></script>
 *
 * It adds a launcher button; the chat itself runs in a frame served by the help center, so it
 * neither reads nor writes this page's cookies, and its styles live in a shadow root (it keeps one
 * item in localStorage: the chat's visitor token, for the frame, whose own storage browsers often
 * block). The
 * identity token is handed to the frame with postMessage, addressed to the help center's origin
 * only, never in a URL. window.LanternWidget offers open(), close(), toggle() and identify(token).
 */
(function () {
  'use strict';
  var script = document.currentScript;
  if (!script || window.LanternWidget) return;

  var origin = new URL(script.src, window.location.href).origin;
  var data = script.dataset;
  var lang = (data.lang || document.documentElement.lang || navigator.language || '').trim();
  var side = data.position === 'left' ? 'left' : 'right';
  var color = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(data.color || '') ? data.color : '#1f5fd6';
  var identity = data.identity || null;

  var LABELS = {
    en: { open: 'Open the chat', close: 'Close the chat', frame: 'Help chat' },
    de: { open: 'Chat öffnen', close: 'Chat schliessen', frame: 'Hilfe-Chat' },
    fr: { open: 'Ouvrir le chat', close: 'Fermer le chat', frame: 'Chat d’aide' },
    it: { open: 'Aprire la chat', close: 'Chiudere la chat', frame: 'Chat di assistenza' },
  };
  var labels = LABELS[lang.toLowerCase().split(/[-_]/)[0]] || LABELS.en;

  var CHAT_ICON =
    '<svg viewBox="0 0 24 24" width="26" height="26" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M7.9 20A9 9 0 1 0 4 16.1L2 22Z"/></svg>';
  var CLOSE_ICON =
    '<svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" aria-hidden="true"><path d="M18 6 6 18M6 6l12 12"/></svg>';

  var css =
    ':host{all:initial}' +
    '.launcher{position:fixed;bottom:20px;' + side + ':20px;z-index:2147483000;width:56px;height:56px;border:0;border-radius:50%;' +
    'background:' + color + ';color:#fff;cursor:pointer;display:flex;align-items:center;justify-content:center;box-shadow:0 4px 14px rgba(0,0,0,.25)}' +
    '.launcher:focus-visible{outline:3px solid ' + color + ';outline-offset:3px}' +
    '.panel{position:fixed;bottom:88px;' + side + ':20px;z-index:2147483000;width:400px;height:min(680px,calc(100vh - 112px));' +
    'border-radius:12px;overflow:hidden;box-shadow:0 12px 40px rgba(0,0,0,.25);background:#fff;display:none}' +
    '.panel.open{display:block}' +
    'iframe{border:0;width:100%;height:100%;display:block;color-scheme:normal}' +
    '@media (max-width:480px){.panel{inset:0;width:auto;height:auto;border-radius:0}.panel.open+.launcher{display:none}}';

  var host = document.createElement('div');
  host.setAttribute('data-lantern-widget', '');
  var root = host.attachShadow({ mode: 'open' });
  var style = document.createElement('style');
  style.textContent = css;
  var panel = document.createElement('div');
  panel.className = 'panel';
  panel.setAttribute('role', 'dialog');
  panel.setAttribute('aria-label', labels.frame);
  var launcher = document.createElement('button');
  launcher.type = 'button';
  launcher.className = 'launcher';
  launcher.setAttribute('data-testid', 'lantern-launcher');
  root.appendChild(style);
  root.appendChild(panel);
  root.appendChild(launcher);

  var frame = null;
  var isOpen = false;

  // The chat's visitor token, so the conversation follows the visitor across this site's pages.
  // Browsers often block storage in a third-party frame, so the page keeps it for the frame.
  var TOKEN_KEY = 'lantern-widget-visitor:' + origin;
  function readVisitorToken() {
    try {
      return window.localStorage.getItem(TOKEN_KEY);
    } catch {
      return null;
    }
  }
  function storeVisitorToken(token) {
    try {
      if (typeof token === 'string' && token.length <= 200) window.localStorage.setItem(TOKEN_KEY, token);
    } catch {
      // no storage: a new visitor on every page
    }
  }

  function frameUrl() {
    var url = new URL('/embed', origin);
    if (lang) url.searchParams.set('lang', lang);
    url.searchParams.set('color', color);
    return url.toString();
  }

  function createFrame() {
    frame = document.createElement('iframe');
    frame.src = frameUrl();
    frame.title = labels.frame;
    frame.setAttribute('allow', 'clipboard-write');
    panel.appendChild(frame);
  }

  function render() {
    panel.classList.toggle('open', isOpen);
    launcher.innerHTML = isOpen ? CLOSE_ICON : CHAT_ICON;
    launcher.setAttribute('aria-label', isOpen ? labels.close : labels.open);
    launcher.setAttribute('aria-expanded', String(isOpen));
  }

  function open() {
    // The frame loads on first open, so pages where nobody chats cost nothing.
    if (!frame) createFrame();
    isOpen = true;
    render();
  }

  function close() {
    isOpen = false;
    render();
    launcher.focus();
  }

  window.addEventListener('message', function (event) {
    if (!frame || event.source !== frame.contentWindow || event.origin !== origin) return;
    var message = event.data || {};
    if (message.type === 'lantern:ready') {
      frame.contentWindow.postMessage({ type: 'lantern:init', identity: identity, visitorToken: readVisitorToken() }, origin);
    } else if (message.type === 'lantern:visitor') {
      storeVisitorToken(message.visitorToken);
    } else if (message.type === 'lantern:close') {
      close();
    }
  });

  launcher.addEventListener('click', function () {
    if (isOpen) close();
    else open();
  });
  document.addEventListener('keydown', function (event) {
    if (event.key === 'Escape' && isOpen) close();
  });

  window.LanternWidget = {
    open: open,
    close: close,
    toggle: function () {
      if (isOpen) close();
      else open();
    },
    /** A new signed identity (e.g. after the customer signed in on the host site): the chat restarts with it. */
    identify: function (token) {
      identity = token || null;
      if (frame) {
        frame.remove();
        frame = null;
        if (isOpen) createFrame();
      }
    },
  };

  function mount() {
    document.body.appendChild(host);
    render();
    if (data.open === 'true') open();
  }
  if (document.body) mount();
  else document.addEventListener('DOMContentLoaded', mount);
})();
