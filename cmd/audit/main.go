// Command audit runs Lighthouse (mobile) over every page state the page
// audits seed (internal/pagestates) and prints a table of the median scores
// of three runs, with the audits that lost points. Too slow for CI (about
// half an hour for every state); see docs/AUDIT.md.
//
//	bash .ci/audit-tools && go run ./cmd/audit [-runs 3] [-only REGEXP]
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/tablekeeper/tablekeeper/games"
	"github.com/tablekeeper/tablekeeper/games/auditstates"
	"github.com/tablekeeper/tablekeeper/handlers"
	"github.com/tablekeeper/tablekeeper/internal/pagestates"
	"github.com/tablekeeper/tablekeeper/store"
)

var keep, shard string

var categories = []string{"performance", "accessibility", "best-practices", "seo"}

func main() {
	runs := flag.Int("runs", 3, "Lighthouse runs per page state (the median is shown)")
	only := flag.String("only", "", "audit only the states whose name matches this regular expression")
	flag.StringVar(&keep, "keep", "", "a folder to keep each run's Lighthouse report in (JSON)")
	flag.StringVar(&shard, "shard", "", "i/n: audit only every n-th state from the i-th (0-based), to run n commands at once")
	flag.Parse()
	if err := run(*runs, regexp.MustCompile(*only)); err != nil {
		fmt.Fprintln(os.Stderr, "audit:", err)
		os.Exit(1)
	}
}

func run(runs int, only *regexp.Regexp) error {
	tools := os.Getenv("TABLEKEEPER_AUDIT_TOOLS")
	if tools == "" {
		home, _ := os.UserHomeDir()
		tools = filepath.Join(home, ".cache", "tablekeeper-audit")
	}
	lighthouse := filepath.Join(tools, "node_modules", ".bin", "lighthouse")
	if _, err := os.Stat(lighthouse); err != nil {
		return fmt.Errorf("%s is missing: run bash .ci/audit-tools", lighthouse)
	}
	dir, err := os.MkdirTemp("", "tablekeeper-audit-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	st, err := store.Open(context.Background(), filepath.Join(dir, "audit.db"))
	if err != nil {
		return err
	}
	defer st.Close()
	e, err := handlers.New(handlers.Config{Store: st, BaseURL: "http://tk.test", Games: games.All(),
		Limits: handlers.Limits{Requests: -1, Groups: -1}}) // the audit browser asks for every page at once
	if err != nil {
		return err
	}
	pages, err := pagestates.Seed(e, auditstates.All())
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	go http.Serve(ln, pagestates.Replay(e, pages, true))
	base := "http://" + ln.Addr().String()

	fmt.Printf("| page state | performance | accessibility | best practices | SEO | lost points on |\n|---|---|---|---|---|---|\n")
	var part, parts int
	if _, err := fmt.Sscanf(shard, "%d/%d", &part, &parts); err != nil || parts < 1 {
		part, parts = 0, 1
	}
	for i, p := range pages {
		if !only.MatchString(p.Name) || i%parts != part {
			continue
		}
		scores := map[string][]float64{}
		lost := map[string]bool{}
		for r := 0; r < runs; r++ {
			res, err := lighthouseRun(lighthouse, base+p.URL(i), p.Cookies, fmt.Sprintf("%02d-%d", i, r+1))
			if err != nil {
				fmt.Fprintf(os.Stderr, "%s, run %d: %v\n", p.Name, r+1, err)
				lost["(a run failed: "+err.Error()+")"] = true
				continue
			}
			for _, c := range categories {
				scores[c] = append(scores[c], res.score(c))
			}
			for _, a := range res.lost(p) {
				lost[a] = true
			}
		}
		row := []string{p.Name}
		for _, c := range categories {
			if c == "seo" && !(p.Public && p.Method == http.MethodGet && p.Status == http.StatusOK) {
				row = append(row, "–") // a private page says noindex; a form's answer or a 404 is not for search engines
				continue
			}
			row = append(row, fmt.Sprint(median(scores[c])))
		}
		names := make([]string, 0, len(lost))
		for a := range lost {
			names = append(names, a)
		}
		sort.Strings(names)
		row = append(row, strings.Join(names, ", "))
		fmt.Printf("| %s |\n", strings.Join(row, " | "))
	}
	return nil
}

type report struct {
	Categories map[string]struct {
		Score     *float64
		AuditRefs []struct {
			ID     string
			Weight float64
		}
	}
	Audits map[string]struct {
		Score            *float64
		ScoreDisplayMode string
	}
}

func (r report) score(c string) float64 {
	if s := r.Categories[c].Score; s != nil {
		return float64(int(*s*100 + 0.5))
	}
	return -1
}

// lost lists the audits that cost points (SEO's only where SEO counts).
func (r report) lost(p pagestates.Page) []string {
	var out []string
	for _, c := range categories {
		if c == "seo" && !(p.Public && p.Method == http.MethodGet && p.Status == http.StatusOK) {
			continue
		}
		for _, ref := range r.Categories[c].AuditRefs {
			a := r.Audits[ref.ID]
			if ref.Weight > 0 && a.Score != nil && *a.Score < 0.9 && (a.ScoreDisplayMode == "binary" || a.ScoreDisplayMode == "numeric") {
				out = append(out, ref.ID)
			}
		}
	}
	return out
}

func lighthouseRun(bin, url string, cookies []*http.Cookie, name string) (report, error) {
	var jar []string
	for _, c := range cookies {
		jar = append(jar, c.Name+"="+c.Value)
	}
	headers, _ := json.Marshal(map[string]string{"Cookie": strings.Join(jar, "; ")})
	args := []string{url, "--quiet", "--output=json", "--output-path=stdout",
		"--only-categories=" + strings.Join(categories, ","),
		"--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync"}
	if len(jar) > 0 {
		args = append(args, "--extra-headers="+string(headers))
	}
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "CHROME_PATH="+chromium())
	out, err := cmd.Output()
	if err != nil {
		msg := ""
		if ee, ok := err.(*exec.ExitError); ok {
			msg = strings.TrimSpace(string(ee.Stderr))
			if i := strings.LastIndex(msg, "\n"); i >= 0 {
				msg = msg[i+1:]
			}
		}
		return report{}, fmt.Errorf("lighthouse: %w %s", err, msg)
	}
	if keep != "" {
		os.WriteFile(filepath.Join(keep, name+".json"), out, 0o644)
	}
	var r report
	return r, json.Unmarshal(out, &r)
}

func chromium() string {
	if p := os.Getenv("CHROME_PATH"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return "/usr/bin/chromium"
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return -1
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}
