// tablekeeper: small enhancements; every action also works without this file.
(function () {
  "use strict";
  // Say when the server cannot be reached; what was typed stays in the form.
  function setOffline(off) { document.body.classList.toggle("is-offline", off); }
  window.addEventListener("offline", function () { setOffline(true); });
  window.addEventListener("online", function () { setOffline(false); });
  document.addEventListener("htmx:sendError", function () { setOffline(true); });
  document.addEventListener("htmx:afterRequest", function (e) {
    if (e.detail && e.detail.xhr && e.detail.xhr.status > 0) setOffline(false);
  });
})();
