package views

// What the games' own templates (games/<game>/) share with the generic
// ones: small helpers for attributes and text, exported once here.

// AriaInvalid is aria-invalid's value for a field with message msg.
func AriaInvalid(msg string) string { return ariaInvalid(msg) }

// PickerClass is the class of a button that opens a picker: plain when open.
func PickerClass(active bool) string { return pickerClass(active) }

// Join lists parts with commas, as the pages do.
func Join(parts []string) string { return join(parts) }

// Itoa writes a whole number as the pages do.
func Itoa(n int) string { return itoa(n) }

func pickerClass(active bool) string {
	if active {
		return ""
	}
	return "secondary"
}
