package kit

import (
	"github.com/tablekeeper/tablekeeper/rulebook"
	"github.com/tablekeeper/tablekeeper/views"
)

// DescribeRules names the house rules that differ from the defaults, for a page.
func DescribeRules(g interface{ HouseRules() []rulebook.HouseRule }, set map[string]string, lang string) []string {
	var out []string
	for _, h := range g.HouseRules() {
		if v, ok := set[h.Key]; ok && v != h.Default {
			d := views.Messages().Say(lang, h.Statement())
			if !h.IsBool() {
				d += " = " + v
			}
			out = append(out, d)
		}
	}
	return out
}
