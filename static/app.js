// tablekeeper: small enhancements; every action also works without this file.

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
  window.addEventListener("offline", function () { setOffline(true); });
  window.addEventListener("online", function () { setOffline(false); });
  document.addEventListener("htmx:sendError", function () { setOffline(true); });
  document.addEventListener("htmx:afterRequest", function (e) {
    if (e.detail && e.detail.xhr && e.detail.xhr.status > 0) setOffline(false);
  });
})();

// Live scoresheet: when another phone saves a round, fetch the page and swap
// the scores in (never the round form, which may hold what this player is
// typing), marking the rows that changed. Server-sent events where the
// browser has them, a poll every 2 s otherwise.
(function () {
  "use strict";
  var sheet = document.querySelector("#sheet[data-live]");
  if (!sheet || !window.fetch || !window.DOMParser) return;
  var url = sheet.getAttribute("data-live");
  var busy = false;

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

  function rowTexts(root) {
    return Array.prototype.map.call(root.querySelectorAll("[data-testid=round-row]"), function (r) { return r.textContent; });
  }

  // A deleted match sends this phone to the group's page, which says who
  // deleted it (never to "not found").
  function gone(by) {
    var group = sheet.getAttribute("data-group") || "/";
    location.assign(group + (by ? "?deletedby=" + encodeURIComponent(by) : ""));
  }

  function refresh(version) {
    if (version && version.indexOf("deleted:") === 0) { gone(version.slice(8)); return; }
    if (busy || version === current()) return;
    busy = true;
    // The match's own address, not the page's: after a form posted without
    // htmx the page may stand at …/rounds, which answers no GET.
    fetch(url.replace(/\/events$/, ""), { credentials: "same-origin", headers: { "Accept": "text/html" } })
      .then(function (r) {
        if (r.status === 404) { location.assign((sheet.getAttribute("data-group") || "/") + "?gone=1"); } // deleted while this phone was away
        return r.ok ? r.text() : Promise.reject(r.status);
      })
      .then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        var fresh = doc.getElementById("scores");
        var old = document.getElementById("scores");
        if (!fresh || !old) return;
        if (fresh.getAttribute("data-version") === current()) return; // this phone's own save, already shown
        var before = rowTexts(old);
        old.replaceWith(fresh);
        // The scoreboard follows, without the "saved" line of this phone's own save.
        var freshBoard = doc.getElementById("scoreboard");
        var board = document.getElementById("scoreboard");
        if (freshBoard && board) {
          board.replaceWith(freshBoard);
          // A new round from another phone: say so where this player looks.
          if (rowTexts(fresh).length > before.length && freshBoard.getAttribute("data-elsewhere")) {
            var note = document.createElement("p");
            note.className = "saved elsewhere";
            note.setAttribute("role", "status");
            note.setAttribute("data-testid", "saved-elsewhere");
            note.textContent = freshBoard.getAttribute("data-elsewhere");
            freshBoard.appendChild(note);
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
        var typed = form && dirty(form);
        if (form && freshBoard && rowTexts(fresh).length > before.length) {
          banner(freshBoard.getAttribute("data-savedby"));
        }
        if (form && !typed && (!freshForm || form.querySelector("h2").textContent !== freshForm.querySelector("h2").textContent) && !form.contains(document.activeElement)) {
          if (freshForm) form.replaceWith(freshForm); else form.remove();
          if (freshForm && window.htmx) window.htmx.process(freshForm);
        }
      })
      .catch(function () {})
      .then(function () { busy = false; });
  }

  if (window.EventSource) {
    // The stream is closed when the page is left: a page kept in the
    // back-forward cache would otherwise hold its connection, and a browser
    // opens only six to one server (the seventh page waits). It is opened
    // again, and the sheet brought up to date, when the page comes back.
    var es = null;
    var listen = function () {
      es = new EventSource(url);
      es.onmessage = function (e) { refresh(e.data); };
    };
    listen();
    window.addEventListener("pagehide", function () { if (es) { es.close(); es = null; } });
    window.addEventListener("pageshow", function (e) { if (e.persisted && !es) listen(); });
  } else {
    setInterval(function () {
      fetch(url + "?poll=1", { credentials: "same-origin" }).then(function (r) { return r.text(); }).then(refresh).catch(function () {});
    }, 2000);
  }
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
