package firststeps

import "errors"

var (
	// ErrNoSection is returned by Steps when the README lacks a section
	// the first steps are read from, or the section holds no command.
	ErrNoSection = errors.New("firststeps: README section missing or without a command")

	// ErrShellSyntax is returned by Split (and Steps) for a command that
	// uses shell syntax beyond words and quotes: a pipe, a redirection, a
	// variable, a glob. The test runs a first step as a program with its
	// arguments, not through a shell, so it refuses what it would run
	// differently from a user's shell.
	ErrShellSyntax = errors.New("firststeps: shell syntax the test does not run")
)
