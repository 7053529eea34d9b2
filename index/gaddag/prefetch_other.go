//go:build !amd64

package gaddag

func prefetch(p *uint32) {}
