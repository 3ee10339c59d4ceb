package server

import (
	"encoding/json"
	"strconv"
	"sync"

	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/roles"
)

// indexSummary is what the catalog's index keeps of a server for the
// index lines of list_tools' description (catalog.Options.Summarize), so
// that a session's start reads one small file instead of every server's
// cached list: the lethal-trifecta roles of its visible tools (with the
// key of what they were classified by) and the digest line of its vetted
// instructions.
type indexSummary struct {
	Roles  string `json:"r"`           // roleSummaryKey:bits
	Digest string `json:"i,omitempty"` // instructionsLine; "" when it has none
	// Offers says the listing has resources, templates or prompts (the
	// others need no reading for syncResources).
	Offers bool `json:"o,omitempty"`
	// Tools are the visible tools' idents and names, what a script's
	// namespace needs (nil in a summary made before they were kept).
	Tools [][2]string `json:"t"`
}

// IndexSummary is the catalog's Options.Summarize.
func IndexSummary(in catalog.Summarized) string {
	srv, rules := roleServer(in.Server, in.Spec), roleRules(in.Spec)
	var have roles.Set
	for _, t := range in.Tools {
		have |= roles.Classify(srv, roleTool(t), rules).Roles
	}
	b, _ := json.Marshal(indexSummary{
		Roles:  roleSummaryKey(in.Server, in.Spec) + ":" + strconv.FormatUint(uint64(have), 10),
		Digest: instructionsLine(in.Instructions),
		Offers: in.Resources+in.Templates+in.Prompts > 0,
		Tools:  visibleNames(in.Tools),
	})
	return string(b)
}

// indexSummary returns the catalog index's summary of server, when its
// list has not been read yet. Its Tools are nil: summaryTools has them.
func (s *Server) indexSummary(server string) (indexSummary, bool) {
	d, ok := s.decodedSummary(server)
	if !ok {
		return indexSummary{}, false
	}
	return d.sum, true
}

// summaryTools returns the idents and names of server's visible tools
// from the catalog index's summary (false: no summary, or one made before
// they were kept). They are decoded when a script first needs them, not
// at a session's start, which reads only the roles and digests.
func (s *Server) summaryTools(server string) ([][2]string, bool) {
	d, ok := s.decodedSummary(server)
	if !ok {
		return nil, false
	}
	t := d.tools()
	return t, t != nil
}

// decodedSummary returns server's summary, decoded once per summary:
// every execute reads them (namespaces).
func (s *Server) decodedSummary(server string) (*decodedSummary, bool) {
	raw, ok := s.cat().Summary(server)
	if !ok {
		return nil, false
	}
	if c, ok := s.summaries.Load(server); ok && c.(*decodedSummary).raw == raw {
		return c.(*decodedSummary), true
	}
	var head struct {
		Roles  string          `json:"r"`
		Digest string          `json:"i,omitempty"`
		Offers bool            `json:"o,omitempty"`
		Tools  json.RawMessage `json:"t"`
	}
	if json.Unmarshal([]byte(raw), &head) != nil || head.Roles == "" {
		return nil, false
	}
	d := &decodedSummary{raw: raw, sum: indexSummary{Roles: head.Roles, Digest: head.Digest, Offers: head.Offers}}
	d.tools = sync.OnceValue(func() [][2]string {
		var t [][2]string
		if json.Unmarshal(head.Tools, &t) != nil {
			return nil
		}
		return t
	})
	s.summaries.Store(server, d)
	return d, true
}

// decodedSummary is an index summary and its decoding.
type decodedSummary struct {
	raw   string
	sum   indexSummary // without Tools
	tools func() [][2]string
}

// visibleNames is the idents and names of tools, never nil.
func visibleNames(tools []catalog.Tool) [][2]string {
	out := make([][2]string, 0, len(tools))
	for _, t := range tools {
		out = append(out, [2]string{t.Ident, t.Name})
	}
	return out
}
