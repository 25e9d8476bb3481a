package views

import (
	"context"
	"strings"
)

// The app shell's decisions from the request path, in one place: where the
// back arrow goes, which tab is current, which pages search engines skip.

// BackOf is the page one level up from path: a match's page from its round
// pages, the group's page from its other pages, the home page from a group,
// and "" on the home page itself. Each is a prefix of path (its first n
// segments): no address is spelled here, only cut from the one asked for.
func BackOf(path string) string {
	if i := strings.IndexAny(path, "?#"); i >= 0 {
		path = path[:i]
	}
	parts := strings.Split(strings.Trim(path, "/"), "/")
	switch {
	case len(parts) == 0 || parts[0] == "":
		return ""
	case parts[0] == "g" && len(parts) >= 4 && parts[2] == "matches" && parts[3] != "new":
		if len(parts) == 4 {
			return prefix(path, 2) // the group's page
		}
		return prefix(path, 4) // the match's page
	case parts[0] == "g" && len(parts) >= 3:
		if len(parts) == 4 && parts[2] == "players" {
			return prefix(path, 3) // the players' page
		}
		return prefix(path, 2)
	case parts[0] == "referee" && len(parts) >= 2:
		return prefix(path, 1)
	}
	return "/"
}

// prefix is path's first n segments ("/g/abc/players/4", 3: "/g/abc/players").
func prefix(path string, n int) string {
	end := 0
	for range n {
		i := strings.IndexByte(path[end+1:], '/')
		if i < 0 {
			return path
		}
		end += 1 + i
	}
	return path[:end]
}

func backURL(ctx context.Context, back string) string {
	if back != "" {
		return back
	}
	return BackOf(EnvFrom(ctx).Path)
}

// CurrentTab is the group tab a path belongs to.
func CurrentTab(path string) string {
	if i := strings.IndexAny(path, "?#"); i >= 0 {
		path = path[:i]
	}
	parts := strings.Split(strings.Trim(path, "/"), "/")
	if len(parts) < 2 || parts[0] != "g" {
		return ""
	}
	if len(parts) == 2 || parts[2] == "matches" {
		return "matches"
	}
	switch parts[2] {
	case "standings", "records", "export":
		return "standings"
	case "players", "rules", "members":
		return "players"
	}
	return ""
}

// Private tells the pages no search engine should list: a group's pages,
// invitations, admin links and public standings links.
func Private(path string) bool {
	for _, p := range []string{"/g/", "/join/", "/admin/", "/s/"} {
		if strings.HasPrefix(path, p) {
			return true
		}
	}
	return false
}

// GameIcon is the symbol each game is known by on its colour (see app.css
// .g-<id>), as the game declares it (Translator.SetGameIcons).
func GameIcon(ctx context.Context, id string) string {
	if icon, ok := EnvFrom(ctx).icons[id]; ok {
		return icon
	}
	return "●"
}

// GameSub is the subtitle under a game's name: a registered game's own, or
// the one every group's other game shares (its id is "custom-<n>").
func GameSub(ctx context.Context, id string) string {
	if strings.HasPrefix(id, "custom-") {
		return T(ctx, "game.sub.custom")
	}
	return T(ctx, "game.sub."+id)
}

// initial is the first letter of a name, for its badge.
func initial(name string) string {
	for _, r := range strings.ToUpper(name) {
		return string(r)
	}
	return "·"
}
