package handlers

import "github.com/labstack/echo/v4"

// What a phone may keep (issue 39). A page that shows a secret (the admin
// link, a page reached by a link that carries a token) is answered
// no-store: neither the browser's cache nor the service worker
// (static/sw.js) keeps it, so a phone lent, sold or shared later holds no
// way to become a group's admin.

var noStoreHeader = fixedHeader("no-store")

// secret marks the answer as one no cache may keep.
func secret(c echo.Context) { c.Response().Header()["Cache-Control"] = noStoreHeader }

// kept reports whether the answer may be kept at all (sendPrepared gives
// pages their revalidated caching only then).
func kept(c echo.Context) bool { return c.Response().Header().Get("Cache-Control") != "no-store" }
