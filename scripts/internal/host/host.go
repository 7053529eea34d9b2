// Package host describes the machine a script measures on, for the
// figures' headers: the scripts quote their load with their results.
package host

import (
	"os"
	"strings"
)

// LoadAverage is the 1, 5 and 15-minute load averages of /proc/loadavg,
// space-separated, or "unknown" where it cannot be read.
func LoadAverage() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(data))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}
