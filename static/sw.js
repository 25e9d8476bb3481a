// tablekeeper's service worker: the pages a phone visited open without a
// connection (issue 29). Pages are asked of the server first and kept as
// they come; without an answer, the kept copy is shown. The hashed static
// files never change, so the kept copy is used first. Posts, the live
// stream, exports and the JSON API are left alone: they go to the server.
"use strict";

var PAGES = "tk-pages-v1";
var FILES = "tk-files-v1";

self.addEventListener("install", function (e) {
  e.waitUntil(caches.open(PAGES).then(function (c) {
    return c.addAll(["/", "/referee"]).catch(function () {});
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (e) {
  e.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (n) { return n !== PAGES && n !== FILES; }).map(function (n) { return caches.delete(n); }));
  }).then(function () { return self.clients.claim(); }));
});

// A page asks for the files it uses to be kept (the first page a phone
// opens loads them before this worker is in charge).
self.addEventListener("message", function (e) {
  var urls = e.data && e.data.keep;
  if (!Array.isArray(urls)) return;
  e.waitUntil(Promise.all(urls.map(function (u) {
    var url = new URL(u, self.location.origin);
    if (url.origin !== self.location.origin) return null;
    var name = fixed(url.pathname) ? FILES : PAGES;
    return caches.open(name).then(function (c) {
      return c.match(url.href, { ignoreSearch: false }).then(function (hit) {
        if (hit) return null;
        return fetch(url.href, { credentials: "same-origin" }).then(function (r) {
          if (keepable(r)) return c.put(url.href, r);
        });
      });
    }).catch(function () {});
  })));
});

function fixed(path) {
  return path.indexOf("/static/") === 0 || path === "/icon.svg" || path === "/manifest.webmanifest";
}

// skipped: what must always reach the server, or must not be kept on a
// phone (invite and admin links carry their tokens).
function skipped(url, req) {
  var p = url.pathname;
  return p === "/sw.js" || /\/events$/.test(p) || /\/changes$/.test(p) || p.indexOf("/api/") === 0 ||
    p.indexOf("/join/") === 0 || p.indexOf("/admin/") === 0 || p.indexOf("/lang") === 0 || p.indexOf("/s/") === 0 ||
    /\/export/.test(p) || req.headers.get("Accept") === "text/event-stream" || req.headers.get("HX-Request");
}

function keepable(r) {
  return r && r.ok && r.status === 200 && r.type === "basic" && !r.redirected;
}

self.addEventListener("fetch", function (e) {
  var req = e.request;
  if (req.method !== "GET") return;
  var url = new URL(req.url);
  if (url.origin !== self.location.origin || skipped(url, req)) return;
  if (fixed(url.pathname)) {
    e.respondWith(caches.open(FILES).then(function (c) {
      return c.match(req).then(function (hit) {
        return hit || fetch(req).then(function (r) {
          if (keepable(r)) c.put(req, r.clone());
          return r;
        });
      });
    }));
    return;
  }
  var strings = url.pathname.indexOf("/app-strings/") === 0;
  var html = req.mode === "navigate" || (req.headers.get("Accept") || "").indexOf("text/html") >= 0;
  if (!html && !strings) return;
  // A page: the server first; its answer is kept for the next time there
  // is none. Without an answer, the kept copy (the query string ignored
  // last: a scoresheet kept as /…/matches/7 also answers /…/matches/7?saved=3).
  e.respondWith(fetch(req).then(function (r) {
    if (keepable(r) && (strings || (r.headers.get("Content-Type") || "").indexOf("text/html") === 0)) {
      var copy = r.clone();
      e.waitUntil(caches.open(PAGES).then(function (c) { return c.put(url.origin + url.pathname + url.search, copy); }));
    }
    return r;
  }, function (err) {
    // The live update asks for the match as it stands: an old copy is no
    // answer (it would pass for being up to date).
    if (req.headers.get("X-TK-Live")) throw err;
    return caches.open(PAGES).then(function (c) {
      return c.match(req).then(function (hit) {
        return hit || c.match(url.origin + url.pathname, { ignoreSearch: true });
      });
    }).then(function (hit) {
      if (hit) return hit;
      throw err;
    });
  }));
});
