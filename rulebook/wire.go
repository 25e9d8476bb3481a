package rulebook

// WireViolation is a violation as API.md writes it:
// {"rule": "take5.forced-row", "message": "…", "step": 1}. Step is omitted
// when the violation concerns no single card or move.
type WireViolation struct {
	Rule    string `json:"rule"`
	Message string `json:"message"`
	Step    *int   `json:"step,omitempty"`
}

// Wire returns the violation in the API's shape, its message said by say
// (in the answer's language).
func (v Violation) Wire(say Speaker) WireViolation {
	w := WireViolation{Rule: v.Rule, Message: say(v.Message)}
	if v.Step >= 0 {
		step := v.Step
		w.Step = &step
	}
	return w
}

// WireAll converts violations for the API; it never returns nil, so the JSON
// answer holds [] rather than null.
func WireAll(vs []Violation, say Speaker) []WireViolation {
	out := make([]WireViolation, 0, len(vs))
	for _, v := range vs {
		out = append(out, v.Wire(say))
	}
	return out
}
