package gaddag

//go:noescape
func prefetch(p *uint32)
