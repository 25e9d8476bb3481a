package deflate

// Derive builds the code lengths for a table from the symbols counted on
// representative pages: one is added to every count, so that every
// symbol has a code and any input can be coded, and the codes are
// limited to 15 bits, as deflate requires.
func Derive(c *Counts) (lit [numLit]uint8, dist [numDist]uint8) {
	var l [numLit]uint64
	for i, v := range c.Lit {
		l[i] = v + 1
	}
	var d [numDist]uint64
	for i, v := range c.Dist {
		d[i] = v + 1
	}
	copy(lit[:], lengthsOf(l[:], 15))
	copy(dist[:], lengthsOf(d[:], 15))
	return lit, dist
}

// Lengths are the committed table's code lengths (table.go), for the
// generator and the tests.
func Lengths() (lit [numLit]uint8, dist [numDist]uint8) {
	return litLengths, distLengths
}
