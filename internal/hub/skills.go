package hub

import (
	"sync"

	"github.com/switchboard-mcp/switchboard/internal/skills"
)

// skillsCache keeps a session's skills store (and so its parsed skills)
// while its directories stay the same.
type skillsCache struct {
	mu  sync.Mutex
	key [3]string
	st  *skills.Store
}

// skillStore is the session's skills store now: the user's skills next to
// the user config it loaded, and those of its project (when it has a
// project config; the view may switch project on reload or roots).
func (s *Session) skillStore() *skills.Store {
	l := s.Loaded()
	if l == nil || l.Paths.User == "" {
		return nil
	}
	key := [3]string{skills.UserDir(l.Paths.User), skills.ProjectDir(l.Paths.Project), l.Paths.Trusted()}
	c := &s.skills
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.st == nil || c.key != key {
		c.key, c.st = key, &skills.Store{User: key[0], Project: key[1], Trusted: key[2]}
	}
	return c.st
}

// Skills returns the session's skills store now (nil when it has none).
func (s *Session) Skills() *skills.Store { return s.skillStore() }
