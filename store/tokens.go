package store

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
)

// NewToken returns a fresh URL-safe token of 192 random bits.
func NewToken() string {
	b := make([]byte, 24)
	rand.Read(b) // never fails (crypto/rand.Read panics rather than return an error)
	return base64.RawURLEncoding.EncodeToString(b)
}

// hashToken is what is stored for a token, so a copy of the database grants
// no access. Lookups by hash are constant-time in effect: the secret itself
// is never compared byte by byte.
func hashToken(tok string) string {
	h := sha256.Sum256([]byte(tok))
	return hex.EncodeToString(h[:])
}

func newSlug() string {
	b := make([]byte, 9)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}
