//go:build !unix

package external

import "os/exec"

func ownGroup(*exec.Cmd) {}

func (p *proc) kill() {
	if p.cmd.Process != nil {
		p.cmd.Process.Kill()
	}
}
