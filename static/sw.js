// tablekeeper's service worker: the pages a phone visited open without a
// connection (issue 29). Pages are asked of the server first and kept as
// they come; without an answer, the kept copy is shown. The hashed static
// files never change, so the kept copy is used first. Posts, the live
// stream, exports and the JSON API are left alone: they go to the server.
//
// What a phone keeps is safe and honest (issue 39): an answer marked
// no-store (a page that shows the admin link) is never kept; a page is
// kept once, by its path, so the copy is the newest this phone saw; and a
// group that is gone for this phone (its page answers 404: removed, or it
// left) has every kept page deleted, and the pages open are told, so that
// they drop its kept saves and drafts.
"use strict";

var PAGES = "tk-pages-v2";
var FILES = "tk-files-v1";

self.addEventListener("install", function (e) {
  e.waitUntil(caches.open(PAGES).then(function (c) {
    return Promise.all(["/", "/referee"].map(function (u) {
      return fetch(u, { credentials: "same-origin" }).then(function (r) { if (keepable(r)) return c.put(u, r); });
    })).catch(function () {});
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (e) {
  e.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (n) { return n !== PAGES && n !== FILES; }).map(function (n) { return caches.delete(n); }));
  }).then(function () { return self.clients.claim(); }));
});

// A page asks for the files it uses to be kept (the first page a phone
// opens loads them before this worker is in charge), for a page to be
// kept afresh (its own save changed it: fresh), or for a group to be
// forgotten (this phone leaves it: forget).
self.addEventListener("message", function (e) {
  var d = e.data || {};
  if (typeof d.forget === "string") { e.waitUntil(forget(d.forget)); return; }
  var urls = d.keep || d.fresh;
  if (!Array.isArray(urls)) return;
  e.waitUntil(Promise.all(urls.map(function (u) {
    var url = new URL(u, self.location.origin);
    if (url.origin !== self.location.origin) return null;
    var name = fixed(url.pathname) ? FILES : PAGES;
    var key = name === PAGES ? pageKey(url) : url.href;
    return caches.open(name).then(function (c) {
      return (d.fresh ? Promise.resolve(null) : c.match(key)).then(function (hit) {
        if (hit) return null;
        return fetch(url.href, { credentials: "same-origin", headers: { "Accept": "text/html" } }).then(function (r) {
          if (keepable(r)) return c.put(key, r);
          if (r.status === 404) return gone(url);
        });
      });
    }).catch(function () {});
  })));
});

function fixed(path) {
  return path.indexOf("/static/") === 0 || path === "/icon.svg" || path === "/manifest.webmanifest";
}

// A page is kept by its path alone: the query string only carries a
// one-time message (?saved=3, ?rotated=1), and one copy per page is the
// newest one.
function pageKey(url) { return url.origin + url.pathname; }

// skipped: what must always reach the server, or must not be kept on a
// phone (invite and admin links carry their tokens).
function skipped(url, req) {
  var p = url.pathname;
  return p === "/sw.js" || /\/events$/.test(p) || /\/changes$/.test(p) || p.indexOf("/api/") === 0 ||
    p.indexOf("/join/") === 0 || p.indexOf("/admin/") === 0 || p.indexOf("/lang") === 0 || p.indexOf("/s/") === 0 ||
    /\/export/.test(p) || req.headers.get("Accept") === "text/event-stream" || req.headers.get("HX-Request");
}

// keepable: a whole page the server let be stored.
function keepable(r) {
  return r && r.ok && r.status === 200 && r.type === "basic" && !r.redirected &&
    !/no-store/.test(r.headers.get("Cache-Control") || "");
}

// groupOf is the group's own path (/g/<slug>) of a URL, or "".
function groupOf(url) {
  var m = /^\/g\/[^/]+/.exec(url.pathname);
  return m ? m[0] : "";
}

// gone: a page of a group answered 404. A match may have been deleted;
// the group is gone for this phone when its own page answers 404 too.
function gone(url) {
  var g = groupOf(url);
  if (!g) return null;
  var check = url.pathname === g ? Promise.resolve(404) :
    fetch(g, { credentials: "same-origin", headers: { "Accept": "text/html" } }).then(function (r) { return r.status; }, function () { return 0; });
  return check.then(function (status) { if (status === 404) return forget(g); });
}

// forget deletes every kept page of the group, and the home page (it
// lists this phone's groups), and tells the open pages, which drop its
// saves and drafts kept on the phone.
function forget(g) {
  return caches.open(PAGES).then(function (c) {
    return c.keys().then(function (reqs) {
      return Promise.all(reqs.filter(function (r) {
        var p = new URL(r.url).pathname;
        return p === "/" || p === g || p.indexOf(g + "/") === 0;
      }).map(function (r) { return c.delete(r); }));
    });
  }).then(function () { return self.clients.matchAll({ includeUncontrolled: true }); }).then(function (cs) {
    cs.forEach(function (cl) { cl.postMessage({ gone: g }); });
  });
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
  // is none. Without an answer, the kept copy.
  e.respondWith(fetch(req).then(function (r) {
    if (keepable(r) && (strings || (r.headers.get("Content-Type") || "").indexOf("text/html") === 0)) {
      var copy = r.clone();
      e.waitUntil(caches.open(PAGES).then(function (c) { return c.put(pageKey(url), copy); }));
    } else if (r.status === 404) {
      e.waitUntil(gone(url));
    }
    return r;
  }, function (err) {
    // The live update asks for the match as it stands: an old copy is no
    // answer (it would pass for being up to date).
    if (req.headers.get("X-TK-Live")) throw err;
    return caches.open(PAGES).then(function (c) { return c.match(pageKey(url)); }).then(function (hit) {
      if (hit) return hit;
      throw err;
    });
  }));
});
