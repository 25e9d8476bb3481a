package handlers

import (
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
)

// A round saved counts one save (a tap on the card picker none), a form
// that meets another phone's change one conflict, each under its route
// pattern and status.
func TestMetricsCountSavesAndConflicts(t *testing.T) {
	reg := prometheus.NewRegistry()
	app := newTestAppConfig(t, testGames(), func(c *Config) { c.Metrics = reg })
	_, a, b, matchURL := twoPhonesOf(t, app)
	if rec := a.post(matchURL+"/rounds", roundForm("1.x", "12")); rec.Code != 303 {
		t.Fatalf("save: %d", rec.Code)
	}
	roundID := strings.Split(editLinkOf(t, a, matchURL), "/")[6]
	if rec := a.post(matchURL+"/undo", map[string][]string{"round": {roundID}}); rec.Code != 303 {
		t.Fatalf("undo: %d", rec.Code)
	}
	if rec := b.post(matchURL+"/rounds", roundForm("2.y", "25")); rec.Code != 409 {
		t.Fatalf("a save for a round an undo took away: %d, want 409", rec.Code)
	}
	if got := gathered(t, reg, "tablekeeper_saves_total", ""); got != 1 {
		t.Errorf("saves %v, want 1", got)
	}
	if got := gathered(t, reg, "tablekeeper_conflicts_total", ""); got != 1 {
		t.Errorf("conflicts %v, want 1", got)
	}
	if got := gathered(t, reg, "tablekeeper_http_request_duration_seconds", "method=POST,route="+savePath+",status=409"); got != 1 {
		t.Errorf("%v requests counted under the save's route pattern and 409, want 1", got)
	}
}

// gathered is the value of the series name with labels (name=value, comma
// separated, in order) in reg: a counter's value, a histogram's count.
func gathered(t *testing.T, reg *prometheus.Registry, name, labels string) float64 {
	t.Helper()
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		if mf.GetName() != name {
			continue
		}
		for _, m := range mf.GetMetric() {
			var ls []string
			for _, l := range m.GetLabel() {
				ls = append(ls, l.GetName()+"="+l.GetValue())
			}
			if strings.Join(ls, ",") != labels {
				continue
			}
			if h := m.GetHistogram(); h != nil {
				return float64(h.GetSampleCount())
			}
			return m.GetCounter().GetValue()
		}
	}
	return 0
}
