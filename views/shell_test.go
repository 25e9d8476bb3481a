package views

import "testing"

func TestShellDecisionsFromThePath(t *testing.T) {
	for _, tt := range []struct {
		path, back, tab string
		private         bool
	}{
		{"/", "", "", false},
		{"/referee", "/", "", false},
		{"/referee/take5?x=1", "/referee", "", false},
		{"/g/abc", "/", "matches", true},
		{"/g/abc?deletedby=Ana", "/", "matches", true},
		{"/g/abc/players", "/g/abc", "players", true},
		{"/g/abc/players/4", "/g/abc/players", "players", true},
		{"/g/abc/rules", "/g/abc", "players", true},
		{"/g/abc/standings", "/g/abc", "standings", true},
		{"/g/abc/records", "/g/abc", "standings", true},
		{"/g/abc/matches/new?game=taki", "/g/abc", "matches", true},
		{"/g/abc/matches/7", "/g/abc", "matches", true},
		{"/g/abc/matches/7/rounds/3/edit", "/g/abc/matches/7", "matches", true},
		{"/g/abc/matches/7/rounds/3/history", "/g/abc/matches/7", "matches", true},
		{"/join/abc/tok", "/", "", true},
		{"/s/abc/tok", "/", "", true},
	} {
		if got := BackOf(tt.path); got != tt.back {
			t.Errorf("BackOf(%q) = %q, want %q", tt.path, got, tt.back)
		}
		if got := CurrentTab(tt.path); got != tt.tab {
			t.Errorf("CurrentTab(%q) = %q, want %q", tt.path, got, tt.tab)
		}
		if got := Private(tt.path); got != tt.private {
			t.Errorf("Private(%q) = %v, want %v", tt.path, got, tt.private)
		}
	}
}
