// tablekeeper: small enhancements; every action also works without this file.

// The sentences this script writes itself (a save kept on the phone, a
// referee page opened offline) come from the server's message files, in
// the page's language, kept on the phone for the times there is no
// connection. And the service worker (/sw.js) that opens the pages a phone
// visited without a connection (issue 29), where the browser runs one: on
// an http address other than this computer's none runs, and the line that
// says install and offline pages need https shows (issue 39).
(function () {
  "use strict";
  var lang = document.documentElement.lang === "fr" ? "fr" : "en";
  var url = "/app-strings/" + lang + ".json";
  var got = null;
  function load(fresh) {
    if (got && !fresh) return got;
    got = fetch(url, { credentials: "same-origin", cache: fresh ? "no-cache" : "default" })
      .then(function (r) { return r.ok ? r.json() : Promise.reject(r.status); })
      .then(function (d) { try { localStorage.setItem("tk-strings:" + lang, JSON.stringify(d)); } catch (e) { /* full */ } return d; })
      .catch(function () {
        got = null; // asked again next time
        try { return JSON.parse(localStorage.getItem("tk-strings:" + lang)) || {}; } catch (e) { return {}; }
      });
    return got;
  }
  // Kept on the phone from the first visit: without a service worker (an
  // http address) nothing else keeps them for a time without a connection.
  try { if (!localStorage.getItem("tk-strings:" + lang)) load(); } catch (e) { /* no storage */ }
  var reloaded = false;
  window.tkSay = function (id, round) {
    return load().then(function (d) {
      // A sentence newer than the copy kept: asked of the server once.
      if (!(id in d) && !reloaded) { reloaded = true; return load(true); }
      return d;
    }).then(function (d) { return (d[id] || "").replace("{round}", round == null ? "" : String(round)); });
  };
  // tkKeep asks the worker to keep pages (fresh: again, as they now stand).
  window.tkKeep = function (urls, fresh) {
    var c = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (c) c.postMessage(fresh ? { fresh: urls } : { keep: urls });
  };
  if (!("serviceWorker" in navigator) || !window.fetch) { // not a secure context (http on a LAN address)
    Array.prototype.forEach.call(document.querySelectorAll("[data-needs-https]"), function (e) { e.hidden = false; });
    return;
  }
  // A group gone for this phone: its saves and drafts go too (below).
  navigator.serviceWorker.addEventListener("message", function (e) {
    if (e.data && e.data.gone && window.tkForget) window.tkForget(e.data.gone);
  });
  var first = !navigator.serviceWorker.controller;
  navigator.serviceWorker.register("/sw.js").then(function () { return navigator.serviceWorker.ready; }).then(function (reg) {
    // The files this page loaded before the worker was in charge are kept
    // now, with the page itself, so that it opens again without a connection.
    var urls = Array.prototype.map.call(document.querySelectorAll("link[rel=stylesheet], link[rel=manifest], link[rel=icon], script[src]"), function (e) { return e.href || e.src; });
    urls.push(url);
    if (first) urls.push(location.pathname + location.search);
    if (reg.active) reg.active.postMessage({ keep: urls });
  }).catch(function () {});
})();

// tkBackoff: the waits between tries of something the server did not
// answer (issue 39; one phone retried a save 115 times in 2 s): growing, with jitter, up to a ceiling, never shorter
// than the server's Retry-After; reset once it works or the connection or
// the page comes back.
window.tkBackoff = function () {
  var fails = 0;
  return {
    next: function (retryAfter) {
      fails++;
      var wait = Math.min(30000, 1000 * Math.pow(2, fails - 1));
      wait = wait / 2 + Math.random() * wait / 2;
      return Math.max(wait, retryAfter || 0);
    },
    reset: function () { fails = 0; }
  };
};
// tkRetryAfter reads an answer's Retry-After (seconds or a date) in ms.
window.tkRetryAfter = function (res) {
  var v = res && res.headers && res.headers.get("Retry-After");
  if (!v) return 0;
  var n = /^\d+$/.test(v) ? parseInt(v, 10) * 1000 : Date.parse(v) - Date.now();
  return isNaN(n) ? 0 : Math.min(Math.max(n, 0), 600000);
};

// Feedback where the thumb is: the message about the last action (a conflict,
// an error, "no connection", another phone's save) goes into the sticky save
// bar, above Save. Without this script it stays under the form (#at-action).
(function () {
  "use strict";
  function bar() { return document.querySelector("main form .sticky-actions"); }
  window.tkPlace = function (el) {
    var b = bar(), here = document.getElementById("at-action");
    if (b) b.insertBefore(el, b.firstChild); else if (here) here.appendChild(el);
  };
  function lift() {
    var here = document.getElementById("at-action");
    if (!here || !bar()) return false;
    var moved = here.children.length > 0;
    Array.prototype.slice.call(here.children).forEach(window.tkPlace);
    return moved;
  }
  // A page that opens with a message (a form posted without htmx, a reload)
  // opens on it: the form's end, where the bar with the message and Save
  // rests, is brought into view (at the top of the page the bar, taller
  // than what shows of the form, would cover the form's first rows and
  // leave Save below the screen).
  function opened() {
    if (lift()) bar().closest("form").scrollIntoView({ block: "end" });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", opened); else opened();
  document.addEventListener("htmx:afterSettle", lift);
  window.tkLift = lift; // a sheet swapped in without htmx (a save sent later) has its message lifted too
})();

(function () {
  "use strict";
  // Say when the server cannot be reached; what was typed stays in the form.
  // On a scoresheet the message goes next to Save (#at-action), as an alert
  // that says what to do.
  function setOffline(off) {
    document.body.classList.toggle("is-offline", off);
    var here = document.getElementById("at-action");
    var note = document.getElementById("offline-here");
    refereeNote(off);
    // A save kept on the phone says so itself (#pending-save): "nothing
    // was sent, tap Save again" would then be wrong.
    if (off && document.getElementById("pending-save")) return;
    if (off && here && !note && window.tkPlace) {
      var global = document.querySelector("main > .offline");
      note = document.createElement("p");
      note.id = "offline-here";
      note.className = "flash bad";
      note.setAttribute("role", "alert");
      note.setAttribute("data-testid", "offline-here");
      note.textContent = (global && global.getAttribute("data-here")) || (global && global.textContent) || "";
      window.tkPlace(note);
    } else if (!off && note) {
      note.remove();
    }
  }
  // A referee page opened without a connection (kept by the service
  // worker) says what works and what waits: its engines judge on the server.
  function refereeNote(off) {
    var form = document.querySelector("main form[action^='/referee/']");
    var note = document.getElementById("referee-offline");
    if (!off) { if (note) note.remove(); return; }
    if (!form || note || !window.tkSay) return;
    window.tkSay("referee.offline").then(function (text) {
      if (!text || document.getElementById("referee-offline") || !document.body.classList.contains("is-offline")) return;
      var p = document.createElement("p");
      p.id = "referee-offline";
      p.className = "flash bad";
      p.setAttribute("role", "status");
      p.setAttribute("data-testid", "referee-offline");
      p.textContent = text;
      form.parentNode.insertBefore(p, form);
    });
  }
  if (navigator.onLine === false) setOffline(true);
  window.addEventListener("offline", function () { setOffline(true); });
  window.addEventListener("online", function () { setOffline(false); });
  document.addEventListener("htmx:sendError", function () { setOffline(true); });
  document.addEventListener("htmx:afterRequest", function (e) {
    if (e.detail && e.detail.xhr && e.detail.xhr.status > 0) setOffline(false);
  });
})();

// A long match's table (issue 40): a save and a live update say how many
// rows this page holds and their sum (the server draws it, data-sum); an
// answer that leaves those rows out says from which row it starts
// (data-from), and this page's own rows are put back before it. Without
// this script every answer holds the whole table.
(function () {
  "use strict";
  function body(root) { return (root || document).querySelector("#scores tbody[data-sum]"); }
  function rows() { var b = body(); return b ? Array.prototype.slice.call(b.rows) : null; }
  // tkRowsHeld is "count:sum" of the rows this page holds, or "".
  window.tkRowsHeld = function () {
    var b = body();
    return b && !b.hasAttribute("data-from") ? b.rows.length + ":" + b.getAttribute("data-sum") : "";
  };
  // tkMergeRows puts before the rows of fresh's table (a document or the
  // new #scores) the rows it left out, from held (this page's, in order);
  // false when held has too few (the whole sheet is then needed).
  window.tkMergeRows = function (fresh, held) {
    var b = body(fresh);
    if (!b || !b.hasAttribute("data-from")) return true;
    var k = parseInt(b.getAttribute("data-from"), 10);
    if (!held || !(k <= held.length)) return false;
    var first = b.firstChild;
    for (var i = 0; i < k; i++) {
      held[i].classList.remove("changed"); // marked by an earlier update: as the server draws it
      b.insertBefore(held[i], first);
    }
    b.removeAttribute("data-from");
    return true;
  };
  window.tkRows = rows;
  // A post from the sheet (a save, a correction there) says what it holds.
  document.addEventListener("htmx:configRequest", function (e) {
    var elt = e.detail && e.detail.elt, held = window.tkRowsHeld();
    if (held && elt && elt.closest && elt.closest("#sheet")) e.detail.headers["X-TK-Rows"] = held;
  });
  var stash = null;
  document.addEventListener("htmx:beforeSwap", function (e) {
    var rc = e.detail && e.detail.requestConfig, sent = rc && rc.headers ? rc.headers["X-TK-Rows"] : "";
    // The page moved since the post (a live update): its rows are not
    // those the answer counts on.
    stash = sent && sent === window.tkRowsHeld() ? rows() : null;
  });
  document.addEventListener("htmx:afterSwap", function () {
    var b = body();
    if (!b || !b.hasAttribute("data-from")) return;
    var held = stash;
    stash = null;
    if (window.tkMergeRows(document, held)) return;
    // Rows missing: the whole sheet, fetched as a live update does.
    var scores = document.getElementById("scores");
    if (scores) scores.setAttribute("data-version", "");
    if (window.tkRefresh) window.tkRefresh();
  });
})();

// Live scoresheet: when another phone saves a round, fetch the page and swap
// the scores in (never the round form, which may hold what this player is
// typing), marking the rows that changed. Server-sent events where the
// browser has them, a poll every 2 s otherwise. A phone that comes back (the
// connection again, the tab shown again, woken, back from the back-forward
// cache) fetches the match at once, and says what the others changed while
// it was away (issue 29); a correction or an undo made on another phone is
// told as it comes ("Marc took back round 7").
(function () {
  "use strict";
  var sheet = document.querySelector("#sheet[data-live]");
  if (!sheet || !window.fetch || !window.DOMParser) return;
  var url = sheet.getAttribute("data-live");
  var base = url.replace(/\/events$/, "");
  var busy = false;
  var again = null; // a refresh asked while one was on its way: made after it
  var stale = false; // the last refresh failed: tried again until it works
  var tries = window.tkBackoff(), retry = null, retryAfter = 0;
  var away = false; // this phone may have missed changes (offline, hidden, the stream cut)
  // The newest change of the match this phone was told of, kept across
  // reloads: a page opened from the phone's copy, without a connection,
  // still knows where it stood.
  var cursorKey = "tk-cursor:" + base;
  var cursor = null;
  try { cursor = localStorage.getItem(cursorKey); } catch (e) { /* no storage */ }
  function setCursor(v) {
    if (window.tkGone && base.indexOf(window.tkGone + "/") === 0) return; // the group is gone for this phone
    cursor = v;
    try { localStorage.setItem(cursorKey, v); } catch (e) { /* no storage */ }
  }

  function current() {
    var s = document.getElementById("scores");
    return s ? s.getAttribute("data-version") : "";
  }

  // dirty reports whether the player typed or tapped anything in the form:
  // such a form is never replaced by a live update (nothing typed is lost).
  function dirty(form) {
    return Array.prototype.some.call(form.querySelectorAll("input, textarea, select"), function (el) {
      if (el.type === "hidden" || el.type === "submit" || el.type === "button") return false;
      if (el.type === "checkbox" || el.type === "radio") return el.checked !== el.defaultChecked;
      if (el.tagName === "SELECT") return Array.prototype.some.call(el.options, function (o) { return o.selected !== o.defaultSelected; });
      return el.value !== el.defaultValue;
    });
  }
  window.tkDirty = dirty;

  // banner says next to the round form who saved which round on another
  // phone; the form keeps what this player typed.
  function banner(text) {
    if (!text || !window.tkPlace) return;
    var old = document.getElementById("saved-by-other");
    if (old) old.remove();
    var p = document.createElement("p");
    p.id = "saved-by-other";
    p.className = "flash elsewhere-banner";
    p.setAttribute("role", "status");
    p.setAttribute("data-testid", "saved-by-other");
    p.textContent = text;
    window.tkPlace(p);
  }

  // note tells what the other phones changed: next to Save when there is a
  // round form, under the scoreboard otherwise.
  function note(text) {
    if (!text) return;
    var old = document.getElementById("change-note");
    if (old) old.remove();
    var p = document.createElement("p");
    p.id = "change-note";
    p.className = "flash elsewhere-banner";
    p.setAttribute("role", "status");
    p.setAttribute("data-testid", "change-note");
    p.textContent = text;
    var board = document.getElementById("scoreboard");
    if (document.querySelector("main form .sticky-actions") && window.tkPlace) window.tkPlace(p);
    else if (board) board.appendChild(p);
  }

  // tell asks what changed after the cursor. mode "away": everything the
  // others did, in one sentence; "here": only a correction or an undo (a
  // new round has its own banner); "first" (a page just drawn by the
  // server) only learns the cursor.
  function tell(mode) {
    var q = cursor === null || mode === "first" ? "" : "?after=" + encodeURIComponent(cursor);
    fetch(base + "/changes" + q, { credentials: "same-origin", headers: { "Accept": "application/json" } })
      .then(function (r) { return r.ok ? r.json() : Promise.reject(r.status); })
      .then(function (d) {
        setCursor(d.last);
        if (mode === "first" || !d.lines || !d.lines.length) return;
        if (mode === "away") { note(d.away); return; }
        if (d.lines.some(function (l) { return l.kind !== "created"; })) note(d.here);
      })
      .catch(function () {});
  }

  function rowTexts(root) {
    return Array.prototype.map.call(root.querySelectorAll("[data-testid=round-row]"), function (r) { return r.textContent; });
  }

  // A deleted match sends this phone to the group's page, which says who
  // deleted it (never to "not found").
  function gone(by) {
    var group = sheet.getAttribute("data-group") || "/";
    location.assign(group + (by ? "?deletedby=" + encodeURIComponent(by) : ""));
  }

  // refresh brings the sheet up to version (any version when none is
  // given: a phone coming back does not know what it missed).
  function refresh(version) {
    if (version && version.indexOf("deleted:") === 0) { gone(version.slice(8)); return; }
    if (busy) { again = version || null; return; }
    if (version && version === current()) {
      if (away) { away = false; tell("away"); }
      return;
    }
    busy = true;
    var wasAway = away;
    // The match's own address, not the page's: after a form posted without
    // htmx the page may stand at …/rounds, which answers no GET.
    // The rows this page holds are said, and left out of the answer.
    var held = window.tkRowsHeld ? window.tkRowsHeld() : "";
    var headers = { "Accept": "text/html", "X-TK-Live": "1" };
    if (held) headers["X-TK-Rows"] = held;
    fetch(base, { credentials: "same-origin", headers: headers, cache: "no-store" })
      .then(function (r) {
        if (r.status === 404) { location.assign((sheet.getAttribute("data-group") || "/") + "?gone=1"); } // deleted while this phone was away
        retryAfter = window.tkRetryAfter(r);
        return r.ok ? r.text() : Promise.reject(r.status);
      })
      .then(function (html) {
        stale = false;
        away = false;
        tries.reset();
        var doc = new DOMParser().parseFromString(html, "text/html");
        var fresh = doc.getElementById("scores");
        var old = document.getElementById("scores");
        if (!fresh || !old) return;
        if (fresh.getAttribute("data-version") === current()) { // this phone's own save, already shown
          if (window.tkDrawn) window.tkDrawn(doc.getElementById("round-form"));
          if (wasAway) tell("away");
          return;
        }
        var before = rowTexts(old);
        var chartOpen = !!old.querySelector("[data-testid=sheet-chart][open]");
        // The rows the answer left out are this page's (a save swapped in
        // meanwhile: fetched again, on the page as it now is).
        if (held !== window.tkRowsHeld() || !window.tkMergeRows(fresh, window.tkRows())) { again = version || ""; return; }
        old.replaceWith(fresh);
        if (window.htmx) window.htmx.process(fresh);
        if (chartOpen && window.tkOpenChart) window.tkOpenChart();
        // The scoreboard follows, without the "saved" line of this phone's own save.
        var freshBoard = doc.getElementById("scoreboard");
        var board = document.getElementById("scoreboard");
        if (freshBoard && board) {
          board.replaceWith(freshBoard);
          // A new round from another phone: say so where this player looks.
          if (rowTexts(fresh).length > before.length && freshBoard.getAttribute("data-elsewhere")) {
            var n = document.createElement("p");
            n.className = "saved elsewhere";
            n.setAttribute("role", "status");
            n.setAttribute("data-testid", "saved-elsewhere");
            n.textContent = freshBoard.getAttribute("data-elsewhere");
            freshBoard.appendChild(n);
          }
        }
        // The menu's undo names the last round: it follows too.
        var freshMenu = doc.getElementById("page-menu");
        var menu = document.getElementById("page-menu");
        if (freshMenu && menu) menu.replaceWith(freshMenu);
        Array.prototype.forEach.call(fresh.querySelectorAll("[data-testid=round-row]"), function (r, i) {
          if (before[i] !== r.textContent) r.classList.add("changed");
        });
        // A finished match or a new round number: the form follows, unless
        // this player has typed in it (their save then meets the conflict
        // message, with what they typed kept).
        var freshForm = doc.getElementById("round-form");
        var form = document.getElementById("round-form");
        var typed = form && (dirty(form) || (window.tkDrafty && window.tkDrafty(form)));
        if (form && freshBoard && rowTexts(fresh).length > before.length && !wasAway) {
          banner(freshBoard.getAttribute("data-savedby"));
        }
        // A player who left or came back changes the seats the form asks for
        // (its submit key ends with them, after a "~"): the form follows too.
        var seats = function (f) { var k = f && f.querySelector("[name=submitKey]"); return k ? k.value.split("~")[1] || "" : ""; };
        if (form && freshForm && seats(form) !== seats(freshForm)) typed = false;
        // The lines sent from the other phones (issue 37): whose is in,
        // their values, and what a round they complete cannot be, follow
        // at once; the whole form follows when nothing is typed in it (a
        // new round too, even with a field focused: what is typed there
        // would go to a round saved), else each line this player did not
        // touch (tkFollow).
        var linesSig = function (f) {
          return f ? Array.prototype.map.call(f.querySelectorAll("#lines-in, .line-bar"), function (el) { return (el.hidden ? "-" : "") + el.textContent; }).join("|") : "";
        };
        var linesMoved = form && freshForm && (linesSig(form) !== linesSig(freshForm) || (window.tkLinesMoved && window.tkLinesMoved(form, freshForm)));
        var moved = form && (!freshForm || seats(form) !== seats(freshForm) || form.querySelector("h2").textContent !== freshForm.querySelector("h2").textContent);
        if (form && !typed && (moved || (linesMoved && !form.contains(document.activeElement)))) {
          if (freshForm) form.replaceWith(freshForm); else form.remove();
          if (freshForm && window.htmx) window.htmx.process(freshForm);
          if (freshForm) document.dispatchEvent(new CustomEvent("tk:form", { detail: freshForm }));
        } else if (form && !moved && linesMoved && window.tkFollow) {
          window.tkFollow(form, freshForm);
        }
        if (window.tkDrawn) window.tkDrawn(freshForm);
        document.dispatchEvent(new CustomEvent("tk:sheet"));
        tell(wasAway ? "away" : "here");
      })
      .catch(function () {
        // Tried again after a wait that grows (the server restarting, or
        // unreachable for a while, sends no event).
        stale = true;
        away = true;
        clearTimeout(retry);
        retry = setTimeout(function () { retry = null; if (stale && document.visibilityState !== "hidden") refresh(); }, tries.next(retryAfter));
      })
      .then(function () {
        busy = false;
        if (again !== null) { var v = again; again = null; refresh(v || undefined); }
      });
  }

  // comeBack: the phone may have missed changes; the match is fetched now.
  function comeBack() {
    away = true;
    tries.reset();
    refresh();
  }
  window.addEventListener("online", comeBack);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "hidden") away = true;
    else comeBack();
  });
  document.addEventListener("resume", comeBack); // woken from a frozen tab
  window.addEventListener("offline", function () { away = true; });
  window.tkRefresh = refresh;
  tell("first");

  if (window.EventSource) {
    // The stream is closed when the page is left: a page kept in the
    // back-forward cache would otherwise hold its connection, and a browser
    // opens only six to one server (the seventh page waits). It is opened
    // again, and the sheet brought up to date, when the page comes back.
    var es = null, waits = window.tkBackoff();
    var listen = function () {
      es = new EventSource(url);
      es.onopen = function () { waits.reset(); };
      es.onmessage = function (e) { refresh(e.data); };
      // The stream cut (no connection, the server restarting): opened
      // again after a wait that grows, and its first event brings the
      // sheet up to date; what changed meanwhile is then told.
      es.onerror = function () {
        away = true;
        if (!stale && !busy) refresh(); // the match as it stands now (gone for this phone: a 404)
        if (es) { es.close(); es = null; setTimeout(function () { if (!es) listen(); }, waits.next()); }
      };
    };
    listen();
    window.addEventListener("pagehide", function () { if (es) { es.close(); es = null; } });
    window.addEventListener("pageshow", function (e) { if (e.persisted) { if (!es) listen(); comeBack(); } });
    window.addEventListener("online", function () { waits.reset(); if (!es) listen(); });
  } else {
    setInterval(function () {
      fetch(url + "?poll=1", { credentials: "same-origin" }).then(function (r) { return r.text(); }).then(refresh).catch(function () {});
    }, 2000);
  }
})();

// Drafts and saves kept on the phone (issue 29). What is typed and tapped
// in the scoresheet's round form is kept on the phone as it is entered
// (localStorage, by the form's address and round), so a reload or the
// back button finds it again; it is forgotten once that round is saved. A
// save made without a connection is kept too, says so next to Save
// (#pending-save), survives a reload or the browser closing, and is sent
// when the server answers again. Its submit key makes a repeat harmless:
// the server saves a key once, and a round saved meanwhile by another
// phone is answered as a conflict, shown with both values as always.
(function () {
  "use strict";
  if (!window.fetch || !window.localStorage || !window.FormData || !window.DOMParser) return;
  var PENDING = "tk-pending";

  function load(key, empty) {
    try { var v = JSON.parse(localStorage.getItem(key)); return v == null ? empty : v; } catch (e) { return empty; }
  }
  function store(key, v) {
    try { if (v == null) localStorage.removeItem(key); else localStorage.setItem(key, JSON.stringify(v)); } catch (e) { /* full: kept in the page only */ }
  }
  function roundForm() {
    var f = document.getElementById("round-form");
    return f && /\/rounds$/.test(f.getAttribute("action") || "") ? f : null;
  }
  // keptForm is the form whose save is kept when it cannot be sent: a new
  // round's (roundForm) or a correction's (its action names the round).
  function keptForm() {
    var f = document.getElementById("round-form");
    return f && /\/rounds(\/\d+)?$/.test(f.getAttribute("action") || "") ? f : null;
  }
  function isCorrection(action) { return /\/rounds\/\d+$/.test(action); }
  // A line is sent to the match's …/lines; kept, its action names its row
  // (…/lines#3), so that each row's line waits apart; home is the round
  // form it was sent from.
  function lineAction(form, b) { return form.getAttribute("action").replace(/\/rounds$/, "/lines") + "#" + b.value; }
  function home(action) { return action.replace(/\/lines#\d+$/, "/rounds"); }
  function keyOf(form) { var k = form.querySelector("input[name=submitKey]"); return k ? k.value : ""; }
  function roundOf(key) { return parseInt(String(key).split(".")[0], 10) || 0; }
  function matchOf(action) { return action.replace(/\/rounds(\/\d+)?$/, ""); }
  function draftKey(form) { return "tk-draft:" + form.getAttribute("action"); }
  function fields(form, submitter) {
    var out = [];
    var fd = submitter ? new FormData(form, submitter) : new FormData(form);
    fd.forEach(function (v, k) { if (typeof v === "string" && (submitter || k !== "op")) out.push([k, v]); });
    return out;
  }
  function encode(list) {
    return list.map(function (kv) { return encodeURIComponent(kv[0]) + "=" + encodeURIComponent(kv[1]); }).join("&");
  }
  // same is what a form holds, without its key: two forms the same but for
  // their key hold the same round as typed.
  function same(list) {
    return encode(list.filter(function (kv) { return kv[0] !== "submitKey"; }));
  }
  // freshKey is a new key for a form of round, keeping what the key it
  // replaces says after its "~": the seats the form asks for, which the
  // server checks (a player who left or came back).
  function freshKey(round, old) {
    var b = new Uint8Array(24);
    (window.crypto || window.msCrypto).getRandomValues(b);
    var seats = String(old || "").indexOf("~");
    return round + "." + btoa(String.fromCharCode.apply(null, b)).replace(/\+/g, "-").replace(/\//g, "_") +
      (seats >= 0 ? String(old).slice(seats) : "");
  }

  // ---- drafts ----
  // blank is the form of each round as the server last drew it from what
  // it holds (the page, a live update, the answer to a line sent: the
  // lines in, filled in), its fields: a form back to it holds no draft.
  var blank = {};
  function learn(form) {
    var r = roundOf(keyOf(form));
    if (!(r in blank) && !typed(form)) blank[r] = fields(form);
    keepPristine(form);
  }
  function typed(form) {
    return Array.prototype.some.call(form.querySelectorAll("input, select, textarea"), function (el) {
      if (el.type === "hidden" || el.type === "submit" || el.type === "button") return false;
      if (el.type === "checkbox" || el.type === "radio") return el.checked !== el.defaultChecked;
      return el.value !== el.defaultValue;
    });
  }
  // tkDrafty tells the live update that the form holds a draft (cards
  // tapped leave no typed field, only hidden ones): it is then not replaced.
  window.tkDrafty = function (form) {
    var r = roundOf(keyOf(form));
    return r in blank && same(blank[r]) !== same(fields(form));
  };
  function keepDraft() {
    var form = roundForm();
    if (!form) return;
    var r = roundOf(keyOf(form));
    learn(form);
    var now = fields(form);
    if (r in blank && same(blank[r]) === same(now)) { store(draftKey(form), null); return; }
    store(draftKey(form), { round: r, key: keyOf(form), fields: now, at: Date.now() });
  }
  // fill puts a draft's values in the form as it stands (works without a
  // connection; the cards' hidden fields too, so a save sends them).
  function fill(form, list) {
    var by = {}, at = {};
    list.forEach(function (kv) { (by[kv[0]] = by[kv[0]] || []).push(kv[1]); });
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || el.type === "submit" || el.type === "button" || el.type === "file") return;
      var vals = by[el.name] || [];
      if (el.type === "checkbox" || el.type === "radio") { el.checked = vals.indexOf(el.value) >= 0; return; }
      var i = at[el.name] || 0;
      at[el.name] = i + 1;
      if (i < vals.length) el.value = vals[i];
    });
  }
  // restore brings back the draft of this form's round: at once in the
  // fields, then (with a connection) the server draws the form from it, so
  // the cards tapped show as chips with what they score.
  function restore() {
    var form = roundForm();
    if (!form) return;
    learn(form);
    var d = load(draftKey(form), null);
    var r = roundOf(keyOf(form));
    var k = form.querySelector("input[name=submitKey]");
    if (!d || d.round !== r) {
      if (d && d.round < r) store(draftKey(form), null); // a round saved since: the draft is spent
      // A page opened from the phone's copy carries the key of a form
      // already used: each page shown gets a key of its own.
      var p = pendingFor(form.getAttribute("action"), r);
      if (k) k.value = p ? p.key : freshKey(r, k.value);
      return;
    }
    if (same(d.fields) === same(fields(form))) return;
    fill(form, d.fields);
    if (k) k.value = d.key;
    var body = d.fields.filter(function (kv) { return kv[0] !== "op"; });
    fetch(form.getAttribute("action"), { method: "POST", credentials: "same-origin", body: encode(body),
      headers: { "Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true", "HX-Target": "round-form" } })
      .then(function (res) { return res.ok ? res.text() : Promise.reject(res.status); })
      .then(function (html) {
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("round-form");
        var now = roundForm();
        if (!fresh || !now || now !== form || roundOf(keyOf(fresh)) !== r) return;
        now.replaceWith(fresh);
        if (window.htmx) window.htmx.process(fresh);
        keepDraft();
      })
      .catch(function () {});
  }

  // ---- the lines the other phones send (issue 37) ----
  // tkDrawn: fresh is a round form as the server now draws it from what it
  // holds (a live update, the answer to a line sent): what this phone's
  // form of that round holds beyond it is this player's draft. Another
  // phone's line is not a draft: the form follows it (tkFollow), and moves
  // on with the round it completes.
  window.tkDrawn = function (fresh) {
    if (fresh) blank[roundOf(keyOf(fresh))] = fields(fresh);
  };
  // tkLinesMoved: fresh, the server's form of form's round, holds other
  // values than the server drew before (a line in, or changed by its sender).
  window.tkLinesMoved = function (form, fresh) {
    var r = roundOf(keyOf(form));
    return roundOf(keyOf(fresh)) === r && r in blank && same(blank[r]) !== same(fields(fresh));
  };
  // tkFollow brings into form, which holds a draft, the lines of fresh
  // (the server's form of the same round): each player's row this phone's
  // player has not touched is drawn as the server draws it (the values
  // sent, what they score, whose line is in); a row touched keeps what was
  // typed, only its line's state follows. A keeper's Save then carries the
  // lines sent.
  window.tkFollow = function (form, fresh) {
    var r = roundOf(keyOf(form));
    if (roundOf(keyOf(fresh)) !== r) return;
    var base = byName(blank[r] || []), now = byName(fields(form));
    // A row is touched when one of its fields differs from the server's
    // (a radio or a box by its own value: TAKI's Won is one field that
    // runs through every row).
    var touched = function (row) {
      return row.contains(document.activeElement) || Array.prototype.some.call(row.querySelectorAll("[name]"), function (el) {
        var was = base[el.name] || [], is = now[el.name] || [];
        if (el.type === "radio" || el.type === "checkbox") return (was.indexOf(el.value) >= 0) !== (is.indexOf(el.value) >= 0);
        return String(is) !== String(was);
      });
    };
    Array.prototype.forEach.call(fresh.querySelectorAll("[data-testid=seat][data-player]"), function (seat) {
      var mine = rowOf(form, seat.getAttribute("data-player")), theirs = seat.closest(".line") || seat;
      if (mine && mine.outerHTML !== theirs.outerHTML) followRow(mine, theirs, touched(mine));
    });
    var oldIn = form.querySelector("#lines-in"), freshIn = fresh.querySelector("#lines-in");
    if (oldIn && freshIn) oldIn.replaceWith(freshIn.cloneNode(true));
    window.tkDrawn(fresh);
    keepDraft();
  };
  // followRow draws mine, a player's row of this phone's form, as theirs
  // (the server's); touched, it keeps its fields (and the focus): only
  // its line's state, and its Send, follow.
  function followRow(mine, theirs, touched) {
    var copy = theirs.cloneNode(true);
    if (!touched) {
      mine.replaceWith(copy);
    } else if (mine.classList.contains("line")) {
      mine.className = theirs.className;
      var bar = mine.querySelector(":scope > .line-bar"), fbar = theirs.querySelector(":scope > .line-bar");
      if (bar) bar.remove();
      if (fbar) mine.appendChild(fbar.cloneNode(true));
      return;
    } else if (theirs.classList.contains("line")) { // the row, as typed, goes into its line
      var at = document.activeElement, from = at && at.selectionStart, to = at && at.selectionEnd;
      mine.replaceWith(copy);
      copy.querySelector("[data-testid=seat]").replaceWith(mine);
      if (at && mine.contains(at)) { at.focus(); try { at.setSelectionRange(from, to); } catch (err) { /* not a text field */ } }
    } else {
      return;
    }
    if (window.htmx) window.htmx.process(copy);
  }
  // rowOf is form's row of player: its line when it is drawn as one.
  function rowOf(form, player) {
    var seat = Array.prototype.find.call(form.querySelectorAll("[data-testid=seat][data-player]"), function (el) { return el.getAttribute("data-player") === player; });
    return seat ? seat.closest(".line") || seat : null;
  }
  function byName(list) {
    var out = {};
    list.forEach(function (kv) { (out[kv[0]] = out[kv[0]] || []).push(kv[1]); });
    return out;
  }
  // The answer to a line sent is the form as the server holds it.
  document.addEventListener("htmx:afterSwap", function (e) {
    var rc = e.detail && e.detail.requestConfig, t = rc && rc.triggeringEvent, b = t && t.submitter;
    if (b && b.name === "line" && e.detail.xhr && e.detail.xhr.status === 200) window.tkDrawn(roundForm());
  });

  // ---- saves kept on the phone ----
  function pending() { return load(PENDING, []); }
  function waiting() { return pending().filter(function (p) { return !p.refused; }); }
  function pendingFor(action, round, key) {
    return waiting().filter(function (p) { return home(p.action) === action && (!round || p.round === round) && (!key || p.key === key); })[0] || null;
  }
  var lastSave = null;
  function keep(save, wait) {
    var list = pending().filter(function (p) { return !(p.action === save.action && p.round === save.round); });
    list.push(save);
    store(PENDING, list);
    var off = document.getElementById("offline-here");
    if (off) off.remove();
    show();
    later(tries.next(wait));
  }
  // show says next to Save that this match's rounds wait on the phone
  // (one note: the red "nothing was sent" goes), with the form moved on
  // past them and the totals counting them.
  function show() {
    advance();
    keptRows();
    refusals(); // a refusal told beside Save stays when the form is drawn again
    var form = keptForm();
    var line = document.getElementById("pending-save");
    var p = form && (pendingFor(form.getAttribute("action"), 0, sending) || pendingFor(form.getAttribute("action")));
    if (!p) { if (line) line.remove(); return; }
    var off = document.getElementById("offline-here");
    if (off) off.remove();
    if (!line) {
      line = document.createElement("p");
      line.id = "pending-save";
      line.className = "flash pending-save";
      line.setAttribute("role", "status");
      line.setAttribute("data-testid", "pending-save");
      if (window.tkPlace) window.tkPlace(line);
    }
    line.setAttribute("data-round", String(p.round));
    if (window.tkSay) pendingSay(p, keptAhead(form.getAttribute("action"))).then(function (t) { if (t) line.textContent = t; });
  }
  // pendingSay is what the note beside Save says of p, kept on the phone
  // (ahead: the new rounds of its form kept): a round, several, a
  // correction, or a line told as a line (issue 37), waiting or being sent.
  function pendingSay(p, ahead) {
    var now = sending === p.key;
    if (ahead.length > 1 && !sending) return window.tkSay("pending.rounds", ahead.map(function (x) { return x.round; }).join(", "));
    if (!/\/lines#\d+$/.test(p.action)) return window.tkSay(now ? "pending.sending" : isCorrection(p.action) ? "pending.correction" : "pending.waiting", p.round);
    return Promise.all([window.tkSay(now ? "pendingline.sending" : "pendingline.waiting"), window.tkSay(p.who ? "pendingline.for" : "pendingline.yours")])
      .then(function (t) { return t[0].replace("{line}", t[1].replace("{name}", p.who || "")); });
  }

  // A double tap on Save: the second tap lands on the form the first one's
  // answer just swapped in, untouched. It is not a save (posting the next
  // round's empty form would only mark every seat "type the points"); a
  // form the player typed in saves whenever its Save is tapped.
  var answeredAt = 0;
  document.addEventListener("htmx:afterSwap", function (e) {
    var rc = e.detail && e.detail.requestConfig, t = rc && rc.triggeringEvent, b = t && t.submitter;
    if (b && b.name === "op" && b.value === "save") answeredAt = Date.now();
  });
  document.addEventListener("submit", function (e) {
    var form = e.target;
    if (!form || form !== keptForm()) return;
    var b = e.submitter;
    var line = b && b.name === "line"; // a player's own line (issue 37): kept and sent once as a save is
    if (!line && (!b || b.name !== "op" || b.value !== "save")) { lastSave = null; return; }
    if (form === roundForm() && Date.now() - answeredAt < 700 && !window.tkDirty(form) && !(window.tkDrafty && window.tkDrafty(form))) {
      e.preventDefault();
      e.stopImmediatePropagation();
      lastSave = null;
      return;
    }
    lastSave = { action: line ? lineAction(form, b) : form.getAttribute("action"), key: line ? keyOf(form) + "/" + b.value : keyOf(form), round: roundOf(keyOf(form)),
      body: encode(fields(form, b)), said: said(form), at: Date.now(), who: lineFor(b) };
    // Without a connection the save is not even tried: kept at once; so is
    // a new round, or a line of it, typed while rounds before it still
    // wait (sent after them).
    if (navigator.onLine === false || behind(form)) {
      e.preventDefault();
      e.stopImmediatePropagation();
      keep(lastSave);
      lastSave = null;
    }
  }, true);
  document.addEventListener("htmx:sendError", function (e) {
    var form = keptForm();
    if (lastSave && form && e.target && form.contains(e.target)) { keep(lastSave); lastSave = null; }
  });
  document.addEventListener("htmx:afterRequest", function (e) {
    var form = keptForm();
    if (!lastSave || !e.detail || !e.detail.xhr || e.detail.xhr.status === 0) return;
    var st = e.detail.xhr.status;
    if (st < 500 && st !== 429 && st !== 408) {
      // The server answered this save (saved, refused, a conflict shown):
      // no copy of it waits any longer. Refused for good (the group or the
      // match gone, a 403, a 413): said, with what was typed.
      var done = lastSave;
      store(PENDING, pending().filter(function (p) { return !(p.action === done.action && p.round === done.round); }));
      if (st === 200) saved(done);
      else if (st !== 409 && st !== 422) refuse(done, st);
      lastSave = null;
      show();
      if (st === 200 && waiting().length) later(0); // the rounds kept after it, if any

    } else if (form) {
      var xhr = e.detail.xhr;
      keep(lastSave, window.tkRetryAfter({ headers: { get: function (h) { return xhr.getResponseHeader(h); } } }));
      lastSave = null;
    }
  });

  // send tries the kept saves, one at a time: those of this match on its
  // page, where the answer is shown; elsewhere those whose answer needs
  // no one (a conflict waits for its match's page).
  var sending = null;
  var tries = window.tkBackoff(), timer = null;
  function later(ms) {
    clearTimeout(timer);
    timer = setTimeout(function () { timer = null; send(); }, ms);
  }
  function send(now) {
    if (sending || navigator.onLine === false) return;
    var form = keptForm();
    var here = form ? form.getAttribute("action") : null;
    var list = inOrder(waiting());
    var p = list.filter(function (x) { return home(x.action) === here; })[0] || list.filter(function (x) { return !x.needsYou; })[0];
    if (!p) return;
    // Another tab of this phone may be sending it right now (a save sent
    // twice is saved once: its key); the connection back sends at once.
    if (!now && p.sendingAt && Date.now() - p.sendingAt < 15000 && p.tab !== tab) { later(15000); return; }
    mark(p.key, { sendingAt: Date.now(), tab: tab });
    sending = p.key;
    show();
    fetch(p.action, { method: "POST", credentials: "same-origin", body: p.body,
      headers: { "Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true", "HX-Target": "round-form" } })
      .then(function (res) {
        if (res.status >= 500 || res.status === 429 || res.status === 408) return Promise.reject(window.tkRetryAfter(res));
        tries.reset();
        return res.text().then(function (html) { answered(p, res.status, html, res.headers.get("X-TK-Conflict")); });
      })
      .catch(function (wait) { mark(p.key, { sendingAt: 0 }); later(tries.next(typeof wait === "number" ? wait : 0)); })
      .then(function () {
        sending = null;
        show();
        if (!timer && inOrder(waiting()).some(function (x) { return !x.sendingAt && (home(x.action) === here || !x.needsYou); })) later(0);
      });
  }
  var tab = Math.random().toString(36).slice(2);
  // A page left while its save was on its way: the next page sends it.
  window.addEventListener("pagehide", function () { if (sending) mark(sending, { sendingAt: 0 }); });
  function mark(key, fields) {
    store(PENDING, pending().map(function (x) {
      if (x.key === key) for (var k in fields) x[k] = fields[k];
      return x;
    }));
  }
  function drop(p) { store(PENDING, pending().filter(function (x) { return x.key !== p.key; })); }

  // answered: the server took the kept save (200), refused it (422) or met
  // another phone's round (409). On the match's page the answer is shown
  // as a save's answer always is; elsewhere a refusal or a conflict keeps
  // the save until its match's page is opened, where it is sent again and
  // answered there (the same answer: a saved key is saved once).
  function answered(p, status, html, reason) {
    var form = keptForm();
    var onPage = form && form.getAttribute("action") === home(p.action);
    if (status === 200 || status === 409 || status === 422) {
      // A match ended meanwhile takes no round: its page has no form to
      // answer on, so the kept save is told as refused wherever it is.
      if (!onPage && status === 409 && reason === "finished") { refuse(p, status, reason); return; }
      if (!onPage && status !== 200) { mark(p.key, { needsYou: true, sendingAt: 0 }); return; }
      if (status !== 200 && p.action === home(p.action) && keptAhead(p.action).some(function (x) { return x.round > p.round; })) {
        aheadRefused(p, status, html, reason);
        return;
      }
      drop(p);
      if (status === 200) saved(p);
      // A correction taken: its page leads back to the match (the server
      // says so in HX-Redirect), as when it is saved at once.
      if (onPage && status === 200 && isCorrection(p.action)) window.location.assign(matchOf(p.action));
      else if (onPage) { swapIn(html); show(); }
      return;
    }
    refuse(p, status); // the match or the group is gone (404), or the post was refused outright
  }

  // saved: the phone's own save is in; its draft is spent, and the
  // worker's copy of the match is brought up to date (a reload without a
  // connection shows the newest sheet this phone knows).
  function saved(p) {
    var d = load("tk-draft:" + home(p.action), null);
    if (!d || d.round <= p.round) store("tk-draft:" + home(p.action), null); // a later round's draft (typed ahead) stays
    if (window.tkKeep) window.tkKeep([matchOf(home(p.action))], true);
  }

  // ---- saves refused for good (issue 39) ----
  // Never sent again; said to the player with the reason and what was
  // typed, until dismissed: next to Save on its match's page, at the top
  // of any other page.
  function said(form) {
    var out = [];
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || el.type === "hidden" || el.type === "submit" || el.type === "button") return;
      var label = el.getAttribute("aria-label") || (el.labels && el.labels[0] ? el.labels[0].textContent.trim() : "");
      var who = el.getAttribute("data-player");
      if (who && label.indexOf(who) < 0) label = who + " " + label.toLowerCase(); // "Ana out"
      if (el.type === "checkbox" || el.type === "radio") { if (el.checked && el.checked !== el.defaultChecked) out.push(label); }
      else if (el.value) out.push(label + " " + el.value);
    });
    return out.join(" · ");
  }
  function refuse(p, status, reason) {
    var group = (/^\/g\/[^/]+/.exec(p.action) || [""])[0];
    var why = status === 403 ? "forbidden" : status === 413 ? "large" : status === 404 ? "deleted" : status === 409 ? conflictWhy(reason) : "other";
    var check = status === 404 ? fetch(group, { credentials: "same-origin", headers: { "Accept": "text/html" } })
      .then(function (r) { return r.status === 404 ? "gone" : why; }, function () { return why; }) : Promise.resolve(why);
    check.then(function (w) {
      store(PENDING, pending().filter(function (x) { return x.key !== p.key; }).concat([{ action: p.action, key: p.key, round: p.round, said: p.said, who: p.who, refused: w }]));
      var d = load("tk-draft:" + p.action, null);
      if (!d || d.round === p.round) store("tk-draft:" + p.action, null); // a later round's draft is not this save's
      show(); // says the refusals too
      if (w === "gone") window.tkForget(group); // the worker's word may reach no page: this one is leaving
    });
  }
  // conflictWhy is how a save refused with a 409 is told, from the
  // server's word for why (X-TK-Conflict: handlers/conflicts.go): another
  // phone saved the round first, the match ended, a player left or came
  // back, a round was taken back; the match changed, when it gives none.
  function conflictWhy(reason) {
    return { saved: "conflict", finished: "finished", seats: "seats", undone: "undone" }[reason] || "changed";
  }
  function refusals() {
    pending().filter(function (p) { return p.refused; }).forEach(function (p) {
      var id = "refused-" + p.key.replace(/[^\w-]/g, "");
      if (document.getElementById(id) || !window.tkSay) return;
      Promise.all([refusedSay(p), window.tkSay("refused.typed"), window.tkSay("refused.dismiss")]).then(function (t) {
        if (document.getElementById(id)) return;
        var el = document.createElement("div");
        el.id = id;
        el.className = "flash bad";
        el.setAttribute("role", "alert");
        el.setAttribute("data-testid", "refused-save");
        var line = document.createElement("p");
        line.textContent = t[0];
        el.appendChild(line);
        if (p.said) {
          var typed = document.createElement("p");
          typed.setAttribute("data-testid", "refused-typed");
          typed.textContent = t[1] + " " + p.said;
          el.appendChild(typed);
        }
        var b = document.createElement("button");
        b.type = "button";
        b.className = "secondary";
        b.setAttribute("data-testid", "refused-dismiss");
        b.textContent = t[2];
        b.addEventListener("click", function () { drop(p); el.remove(); });
        el.appendChild(b);
        var form = keptForm(), main = document.querySelector("main");
        if (form && form.getAttribute("action") === home(p.action) && window.tkPlace) window.tkPlace(el);
        else if (main) main.insertBefore(el, main.firstChild);
      });
    });
  }

  // A line refused for good is told as the line it is (issue 37), not as
  // a round: "Your line was not taken: …", or the line this phone sent for
  // a player without one. lineFor is whose line a Send sends: "" for the
  // phone's own (or a round's Save), else the player's name.
  function lineFor(b) {
    return b && b.name === "line" && !b.classList.contains("own-send") ? b.getAttribute("data-player") || "" : "";
  }
  function refusedSay(p) {
    if (!/\/lines#\d+$/.test(p.action)) return window.tkSay("refused." + p.refused, p.round);
    return Promise.all([window.tkSay("refusedline." + p.refused), window.tkSay(p.who ? "refusedline.for" : "refusedline.yours")])
      .then(function (t) { return t[0].replace("{line}", t[1].replace("{name}", p.who || "")); });
  }

  // tkForget: a group gone for this phone (the worker found its page
  // answer 404, or the phone left it): its drafts and cursors go, and its
  // kept saves are never sent: each is told as refused (what was typed,
  // not the save itself, stays until its player dismisses it).
  // Leaving a group: the worker forgets its pages, this script its saves.
  document.addEventListener("submit", function (e) {
    var g = e.target && e.target.getAttribute && e.target.getAttribute("data-leave-group");
    if (!g) return;
    var c = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (c) c.postMessage({ forget: g });
    window.tkForget(g);
  });
  window.tkForget = function (g) {
    window.tkGone = g;
    var mine = function (a) { return a === g || String(a).indexOf(g + "/") === 0; };
    store(PENDING, pending().map(function (p) {
      return p.refused || !mine(p.action) ? p : { action: p.action, key: p.key, round: p.round, said: p.said, who: p.who, refused: "gone" };
    }));
    for (var i = localStorage.length - 1; i >= 0; i--) {
      var k = localStorage.key(i), at = k.indexOf(":");
      if (at > 0 && /^tk-(draft|cursor)$/.test(k.slice(0, at)) && mine(k.slice(at + 1))) localStorage.removeItem(k);
    }
    show();
  };
  function swapIn(html) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var fresh = doc.getElementById("sheet");
    var into = fresh ? document.getElementById("sheet") : document.getElementById("round-form");
    if (!fresh) fresh = doc.getElementById("round-form");
    if (!fresh || !into) return;
    Array.prototype.forEach.call(doc.querySelectorAll("[hx-swap-oob], [data-hx-swap-oob]"), function (el) {
      var old = el.id && document.getElementById(el.id);
      if (old && !fresh.contains(el)) { el.removeAttribute("hx-swap-oob"); el.removeAttribute("data-hx-swap-oob"); old.replaceWith(el); }
    });
    into.replaceWith(fresh);
    if (window.htmx) window.htmx.process(fresh);
    if (window.tkLift) window.tkLift();
    var f = roundForm();
    if (f) learn(f);
  }


  // ---- rounds kept ahead (issue 37) ----
  // Without a connection the table keeps going: a new round kept on the
  // phone moves the form on to the round after it (its number only: what
  // the game says of a round, its cards or its dealer, waits for the
  // server), and the kept rounds count in the phone's totals, marked as
  // waiting, from what the form says each row scores as typed
  // (data-counts, data-counts-as: games/kit/kept.go). They are sent in
  // order, each once (its key); the server's answer replaces all of it.
  // A kept round refused for good (another phone saved it first) is told
  // with its reason and what was typed, and the rounds kept after it go on
  // (each is its own round of the table). A round the rules refuse (422)
  // is shown in the form to be put right, and the rounds kept after it
  // wait for it: sent after its Save.
  var pristine = {}; // the form as the server drew it, nothing in it, by its action
  var pristineFrom = {}; // the data-blank-form it was read from, if any
  function keepPristine(form) {
    // A form with lines in carries its round drawn blank (kit.LineView.Blank):
    // read once, not at each key typed.
    var action = form.getAttribute("action"), blank = form.getAttribute("data-blank-form");
    if (blank && pristineFrom[action] === blank) return;
    var drawn = blank && new DOMParser().parseFromString(blank, "text/html").getElementById("round-form");
    if (drawn) { pristine[action] = document.importNode(drawn, true); pristineFrom[action] = blank; return; }
    if (form.hasAttribute("data-ahead") || form.querySelector("[data-testid=round-refusals]")) return;
    var empty = !Array.prototype.some.call(form.elements, function (el) {
      if (!el.name || el.type === "hidden" || el.type === "submit" || el.type === "button") return false;
      return el.type === "checkbox" || el.type === "radio" ? el.checked : !!el.value;
    });
    if (empty) pristine[form.getAttribute("action")] = form.cloneNode(true);
  }
  // keptAhead is the new rounds of the form at action waiting on the phone, first round first.
  function keptAhead(action) {
    return waiting().filter(function (p) { return p.action === action; }).sort(function (a, b) { return a.round - b.round; });
  }
  // behind: form's round comes after rounds still waiting (sent first).
  function behind(form) {
    if (form !== roundForm()) return false;
    var r = roundOf(keyOf(form));
    return keptAhead(form.getAttribute("action")).some(function (p) { return p.round < r; });
  }
  // inOrder leaves, of each match's new rounds, the first one only, and
  // none while one waits to be put right (fix); a line waits behind the
  // new rounds before its own (lineBehind).
  function inOrder(list) {
    var first = {}, fixing = {};
    list.forEach(function (x) {
      if (!/\/rounds$/.test(x.action)) return;
      if (x.fix) fixing[x.action] = true;
      if (!first[x.action] || x.round < first[x.action].round) first[x.action] = x;
    });
    return list.filter(function (x) {
      if (/\/lines#\d+$/.test(x.action)) return !lineBehind(x, first[home(x.action)], fixing[home(x.action)]);
      return !/\/rounds$/.test(x.action) || (first[x.action] === x && !fixing[x.action]);
    });
  }
  // lineBehind: line x (issue 37) is of a round after first, a new round of
  // its match kept on the phone, or one waits to be put right: the line
  // belongs to the round its form showed, sent once the rounds before it are.
  function lineBehind(x, first, fixing) {
    return !!first && (first.round < x.round || !!fixing);
  }
  // aheadRefused: a kept round the server would not take, with rounds kept after it.
  function aheadRefused(p, status, html, reason) {
    if (status === 422) { // put right in the form; the rounds after it wait for its Save
      mark(p.key, { fix: true, sendingAt: 0 });
      swapIn(html);
      show();
      return;
    }
    refuse(p, status, reason);
  }
  // advance moves the round form past the rounds kept, keeping a draft typed for that round.
  function advance() {
    var form = roundForm();
    if (!form) return;
    var action = form.getAttribute("action");
    var kept = keptAhead(action);
    if (!kept.length || kept.some(function (p) { return p.fix; })) return;
    var next = kept[kept.length - 1].round + 1;
    if (roundOf(keyOf(form)) >= next) return;
    if (pristine[action]) {
      var fresh = pristine[action].cloneNode(true);
      form.replaceWith(fresh);
      form = fresh;
      if (window.htmx) window.htmx.process(form);
    } else {
      form.reset();
    }
    var k = form.querySelector("input[name=submitKey]");
    if (k) k.value = freshKey(next, k.value);
    form.setAttribute("data-ahead", String(next));
    var h = form.querySelector("h2");
    if (h && window.tkSay) window.tkSay("kept.next", next).then(function (t) { if (t && form.getAttribute("data-ahead") === String(next)) h.textContent = t; });
    var info = document.querySelector("[data-testid=round-info]");
    if (info) info.hidden = true; // the round the server described is behind
    blank[next] = fields(form);
    var d = load(draftKey(form), null);
    if (d && d.round === next) { fill(form, d.fields); if (k) k.value = d.key; }
  }
  // scoreOf is what a kept round scores for each of the table's players
  // (heads: their names), as its form says a row counts; null: not told.
  function scoreOf(p, form, heads) {
    var q = new URLSearchParams(p.body);
    var pts = heads.map(function () { return null; });
    Array.prototype.forEach.call(form.querySelectorAll("[data-counts]"), function (el) {
      var i = heads.indexOf(el.getAttribute("data-player")), typed = String(q.get(el.name) || "").trim();
      if (i >= 0 && /^[-−]?\d+$/.test(typed)) pts[i] = textNum(typed) * parseInt(el.getAttribute("data-counts"), 10);
    });
    Array.prototype.forEach.call(form.querySelectorAll("[data-counts-as]"), function (el) {
      var i = heads.indexOf(el.getAttribute("data-player"));
      if (i >= 0 && q.getAll(el.name).indexOf(el.value) >= 0) pts[i] = parseInt(el.getAttribute("data-counts-as"), 10);
    });
    return pts;
  }
  function numText(n) { return n < 0 ? "\u2212" + (-n) : String(n); }
  function textNum(t) { return parseInt(String(t).trim().replace("\u2212", "-"), 10); }
  // keptRows draws the kept rounds under the saved ones, marked as
  // waiting, and counts them in the table's totals and the scoreboard's.
  function keptRows() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-kept-row], #kept-note"), function (el) { el.remove(); });
    Array.prototype.forEach.call(document.querySelectorAll("[data-kept-base]"), function (el) {
      el.textContent = el.getAttribute("data-kept-base");
      el.removeAttribute("data-kept-base");
      el.classList.remove("kept-in");
    });
    var board = document.getElementById("scoreboard");
    if (board) board.classList.remove("kept-in");
    var table = document.querySelector("table[data-testid=scores]"), form = roundForm();
    if (!table || !form || !window.tkSay) return;
    var kept = keptAhead(form.getAttribute("action"));
    if (!kept.length) return;
    var heads = Array.prototype.map.call(table.querySelectorAll("thead th[title]"), function (th) { return th.getAttribute("title"); });
    var sums = heads.map(function () { return 0; }), counted = false;
    var tbody = table.querySelector("tbody");
    Promise.all([window.tkSay("kept.waiting"), window.tkSay("kept.totals")].concat(kept.map(function (p) { return window.tkSay("kept.round", p.round); }))).then(function (t) {
      if (document.querySelector("[data-kept-row]")) return; // drawn meanwhile
      kept.forEach(function (p, j) {
        var pts = scoreOf(p, form, heads);
        var tr = document.createElement("tr");
        tr.className = "kept";
        tr.setAttribute("data-kept-row", "");
        tr.setAttribute("data-testid", "kept-round");
        tr.setAttribute("data-round", String(p.round));
        var first = document.createElement("td");
        var num = document.createElement("span");
        num.className = "r-num";
        num.setAttribute("data-num", String(p.round));
        var main = document.createElement("span");
        main.className = "r-main";
        main.textContent = t[2 + j];
        num.appendChild(main);
        var sub = document.createElement("small");
        sub.className = "r-sub";
        sub.setAttribute("data-testid", "kept-waiting");
        sub.textContent = t[0];
        first.appendChild(num);
        first.appendChild(document.createTextNode(" "));
        first.appendChild(sub);
        tr.appendChild(first);
        pts.forEach(function (v, i) {
          var td = document.createElement("td");
          td.textContent = v == null ? "…" : numText(v);
          if (v != null) { sums[i] += v; counted = true; }
          tr.appendChild(td);
        });
        tr.appendChild(document.createElement("td"));
        tbody.appendChild(tr);
      });
      if (!counted) return;
      var shift = function (el, by) {
        var base = el.textContent.trim(), v = textNum(base);
        if (isNaN(v)) return;
        el.setAttribute("data-kept-base", base);
        el.classList.add("kept-in");
        el.textContent = numText(v + by);
      };
      Array.prototype.forEach.call(table.querySelectorAll("tfoot [data-testid=total]"), function (td, i) { shift(td, sums[i]); });
      Array.prototype.forEach.call(document.querySelectorAll("[data-testid=scoreboard-player]"), function (li) {
        var i = heads.indexOf(li.getAttribute("data-player")), el = li.querySelector(".sb-total");
        if (i >= 0 && el) shift(el, sums[i]);
      });
      var note = document.createElement("p");
      note.id = "kept-note";
      note.className = "kept-note";
      note.setAttribute("role", "status");
      note.setAttribute("data-testid", "kept-note");
      note.textContent = t[1];
      var board = document.getElementById("scoreboard");
      if (board) { board.appendChild(note); board.classList.add("kept-in"); } // its ranks and dealer wait for the server
    });
  }
  // The live update brings the sheet as the server has it: the kept rounds are drawn on it again.
  document.addEventListener("tk:sheet", function () { show(); });

  function wake() { show(); tries.reset(); clearTimeout(timer); timer = null; send(true); }
  document.addEventListener("input", function (e) { if (e.target && e.target.form === roundForm()) keepDraft(); });
  document.addEventListener("change", function (e) { if (e.target && e.target.form === roundForm()) keepDraft(); });
  document.addEventListener("htmx:afterSettle", function () { keepDraft(); show(); });
  document.addEventListener("tk:form", function () { var f = roundForm(); if (f) learn(f); show(); });
  window.addEventListener("online", wake);
  window.addEventListener("pageshow", wake);
  document.addEventListener("visibilitychange", function () { if (document.visibilityState !== "hidden") wake(); });
  // A save the server did not answer is tried again after waits that
  // grow (tkBackoff): the server may come back (restarted, reachable
  // again) without the phone seeing any event; the connection or the page
  // coming back tries at once (wake).
  restore();
  wake();
})();

// After a referee page judges (the form is swapped in by htmx), bring the
// verdict into view: the button that asked may be far from the answer. Only
// a "judge" does this; a tap on a card picker leaves the page where it is.
(function () {
  "use strict";
  var judged = false;
  document.addEventListener("submit", function (e) {
    var b = e.submitter;
    judged = !!(b && b.name === "op" && b.value === "judge");
  }, true);
  document.addEventListener("htmx:afterSwap", function () {
    if (!judged) return;
    judged = false;
    var here = document.querySelector("[data-scroll-here]");
    if (here && here.scrollIntoView) here.scrollIntoView({ block: "start" });
  });
})();

// Referee pages: Enter in a number field moves to the next one (the phone's
// "next" key), so the rows are typed in one go; without this script Enter
// judges the turn.
(function () {
  "use strict";
  function next(e) {
    var el = e.target;
    if (e.key !== "Enter" || !el || !el.getAttribute) return null;
    var id = el.getAttribute("data-next");
    return id ? document.getElementById(id) : null;
  }
  document.addEventListener("keydown", function (e) {
    var to = next(e);
    if (!to) return;
    e.preventDefault();
    to.focus();
    var end = (to.value || "").length; // go on after what is there (a rack's name)
    try { to.setSelectionRange(end, end); } catch (err) { /* a field without a caret */ }
  });
  // The Enter that submits a form is its keypress: stop that one too.
  document.addEventListener("keypress", function (e) { if (next(e)) e.preventDefault(); });
})();

// A tap on a card or a square while the form's previous request is still on
// its way would be dropped by htmx (a form sends one request at a time, and
// its answer replaces the form). It is kept instead, and made again on the
// new form once that is in place, in the order tapped: quick taps are not
// lost. Only "tap" buttons, which name their card or square, are kept; a
// chip's removal names a position, which the answer may have changed.
(function () {
  "use strict";
  var kept = [];
  document.addEventListener("click", function (e) {
    var b = e.target && e.target.closest ? e.target.closest("button[type=submit][name=tap]") : null;
    if (!b || !b.form || !b.form.id || !b.form.classList.contains("htmx-request")) return;
    e.preventDefault();
    e.stopPropagation();
    kept.push({ form: b.form.id, value: b.value });
  }, true);
  document.addEventListener("htmx:afterSettle", function () {
    var next = kept.shift();
    if (!next) return;
    var f = document.getElementById(next.form);
    var b = f ? Array.prototype.find.call(f.querySelectorAll("button[type=submit][name=tap]"), function (x) { return x.value === next.value; }) : null;
    if (b && !b.disabled) b.click();
    else kept = []; // the form or the card is gone: the taps after it no longer mean what they did
  });
  // An answer that did not come (no connection, a server error) leaves the
  // form as it was: the taps kept behind it are not made later by surprise.
  document.addEventListener("htmx:afterRequest", function (e) {
    if (!e.detail.successful) kept = [];
  });
})();

// The end of a match and the "saved" line (issue 30). When a match's result
// arrives on the page (this phone saved the last round, or another phone
// did and the live update brought it), it is brought into view just under
// the bars that stay at the top (the app bar, the scoreboard): every phone
// at the table reads who won. The green "saved" line says the last save
// went through: it goes once the next round is touched, and never stays
// beside a refusal.
(function () {
  "use strict";
  var had = !!document.getElementById("match-result");
  // stuck is where the sticky bars at the top end once they stick.
  function stuck() {
    var end = 0;
    Array.prototype.forEach.call(document.querySelectorAll("header.appbar, #scoreboard"), function (el) {
      var cs = getComputedStyle(el);
      if (cs.position !== "sticky" && cs.position !== "fixed") return;
      end = Math.max(end, (parseFloat(cs.top) || 0) + el.getBoundingClientRect().height);
    });
    return end;
  }
  var placedAt = -1; // where the first placing left the page
  function place() {
    var res = document.getElementById("match-result");
    if (!res) return;
    var gap = 8;
    window.scrollTo(0, Math.max(0, window.scrollY + res.getBoundingClientRect().top - stuck() - gap));
    placedAt = window.scrollY;
  }
  function arrived() {
    var res = document.getElementById("match-result");
    if (!res) { had = false; return; }
    if (had) return;
    had = true;
    // After htmx settles and the other scripts have placed their messages;
    // placed again once late messages have moved it, unless the reader has
    // scrolled since (a page moved under a thumb loses the tap).
    placedAt = -1;
    setTimeout(place, 50);
    setTimeout(function () { if (placedAt < 0 || window.scrollY === placedAt) place(); }, 400);
  }
  new MutationObserver(arrived).observe(document.documentElement, { childList: true, subtree: true });

  function dropSaved() {
    var s = document.querySelector("[data-testid=saved]");
    if (s) s.remove();
  }
  function inForm(e) { return e.target && e.target.closest && e.target.closest("#round-form"); }
  document.addEventListener("input", function (e) { if (inForm(e)) dropSaved(); });
  document.addEventListener("change", function (e) { if (inForm(e)) dropSaved(); });
  document.addEventListener("click", function (e) { if (inForm(e) && e.target.closest("button, input, label")) dropSaved(); });
  document.addEventListener("htmx:afterSettle", function () {
    if (document.querySelector("#round-form [data-testid=round-refusals]")) dropSaved();
  });
})();

// The running-totals chart of a match still played is asked for each time
// it is opened (htmx, on "tk-open"): the chart as it stands, and tried again
// after a try without a connection. It stays open across a save's answer
// and a live update, opened again on the new sheet. Without this script its
// folded part holds a link to the chart's page.
(function () {
  "use strict";
  var sel = "[data-testid=sheet-chart][data-hx-get]";
  document.addEventListener("toggle", function (e) {
    var d = e.target;
    if (d.open && d.matches && d.matches(sel) && window.htmx) window.htmx.trigger(d, "tk-open");
  }, true);
  window.tkOpenChart = function () {
    var d = document.querySelector(sel);
    if (d && !d.open) d.open = true; // its toggle asks for the chart
  };
  var wasOpen = false;
  document.addEventListener("htmx:beforeSwap", function () { wasOpen = !!document.querySelector(sel + "[open]"); });
  document.addEventListener("htmx:afterSettle", function () {
    if (wasOpen) window.tkOpenChart();
    wasOpen = false;
  });
})();

// The invite's Share and Copy (issue 37): shown where the phone can share
// (the share sheet: WhatsApp, SMS…) or write to the clipboard; Copy says
// it copied. Without this script the link and its QR code are there to read.
(function () {
  "use strict";
  function each(sel, fn) { Array.prototype.forEach.call(document.querySelectorAll(sel), fn); }
  each("[data-share-invite]", function (b) { if (navigator.share) b.hidden = false; });
  each("[data-copy-invite]", function (b) { if (navigator.clipboard && navigator.clipboard.writeText) b.hidden = false; });
  document.addEventListener("click", function (e) {
    var share = e.target.closest && e.target.closest("[data-share-invite]");
    if (share && navigator.share) {
      navigator.share({ title: share.dataset.title, url: share.dataset.shareInvite }).catch(function () { /* closed */ });
      return;
    }
    var copy = e.target.closest && e.target.closest("[data-copy-invite]");
    if (copy && navigator.clipboard) {
      navigator.clipboard.writeText(copy.dataset.copyInvite).then(function () {
        if (!copy.dataset.label) copy.dataset.label = copy.textContent;
        copy.textContent = copy.dataset.done;
        setTimeout(function () { copy.textContent = copy.dataset.label; }, 2000);
      }).catch(function () { /* refused: the link is there to select */ });
    }
  });
})();
