package quote

import "fmt"

// Count is n and the noun, an s added unless n is 1: "1 argument", "2
// arguments", "0 letters". Every message that counts something says it
// this way, so none says "1 positions".
func Count(n int, noun string) string { return CountAs(n, noun, noun+"s") }

// CountAs is Count for a noun whose plural is not an s added: "1 ply",
// "2 plies".
func CountAs(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
