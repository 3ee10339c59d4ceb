package hub

import "github.com/switchboard-mcp/switchboard/internal/skills"

// skillStore is the session's skills store now: the user's skills next to
// the user config it loaded, and those of its project (when it has a
// project config; the view may switch project on reload or roots).
func (s *Session) skillStore() *skills.Store {
	l := s.Loaded()
	if l == nil || l.Paths.User == "" {
		return nil
	}
	return &skills.Store{User: skills.UserDir(l.Paths.User), Project: skills.ProjectDir(l.Paths.Project), Trusted: l.Paths.Trusted()}
}

// Skills returns the session's skills store now (nil when it has none).
func (s *Session) Skills() *skills.Store { return s.skillStore() }
