// Almwerk's self-hosted analytics client. Cookieless: it sets and reads no cookie and no storage,
// and it sends nothing but the event, the page address, the referrer and the event's properties to
// the site's own endpoint. The site's runtime calls window.insights(name, { url, referrer, props })
// and queues calls until this script has loaded.
(function () {
  'use strict';
  var script = document.currentScript;
  var endpoint = (script && script.getAttribute('data-api')) || '/api/event';
  var domain = (script && script.getAttribute('data-domain')) || location.hostname;

  function send(name, options) {
    options = options || {};
    var body = JSON.stringify({
      n: String(name),
      u: options.url || location.href,
      d: domain,
      r: options.referrer || null,
      p: options.props || {},
    });
    try {
      // keepalive: an event recorded as the visitor leaves still arrives.
      fetch(endpoint, { method: 'POST', body: body, keepalive: true, credentials: 'omit', headers: { 'content-type': 'application/json' } }).catch(function () {});
    } catch (e) {
      if (navigator.sendBeacon) navigator.sendBeacon(endpoint, new Blob([body], { type: 'application/json' }));
    }
  }

  var queued = (window.insights && window.insights.q) || [];
  window.insights = send;
  for (var i = 0; i < queued.length; i++) send(queued[i][0], queued[i][1]);
})();
