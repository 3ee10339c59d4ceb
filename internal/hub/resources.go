package hub

// resourceUpdated relays a backend's notifications/resources/updated to
// every session that uses its launch key (each server sends it on only if
// its client subscribed to that URI).
func (h *Hub) resourceUpdated(key, uri string) {
	h.users(key, func(s *Session, v *view, name string) {
		if s.srv != nil {
			s.srv.ResourceUpdated(name, uri)
		}
	})
}
