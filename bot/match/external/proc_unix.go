//go:build unix

package external

import (
	"os/exec"
	"syscall"
)

// ownGroup starts the command in a process group of its own: Ctrl-C at the
// terminal does not reach it (the match stops it), and kill stops every
// process the shell line started.
func ownGroup(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }

func (p *proc) kill() {
	if p.cmd.Process != nil {
		syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
	}
}
