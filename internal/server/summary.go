package server

import (
	"encoding/json"
	"strconv"

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
// list has not been read yet.
func (s *Server) indexSummary(server string) (indexSummary, bool) {
	raw, ok := s.cat().Summary(server)
	if !ok {
		return indexSummary{}, false
	}
	// Every execute reads them (namespaces): decoded once per summary.
	if c, ok := s.summaries.Load(server); ok && c.(decodedSummary).raw == raw {
		return c.(decodedSummary).sum, true
	}
	var sum indexSummary
	if json.Unmarshal([]byte(raw), &sum) != nil || sum.Roles == "" {
		return indexSummary{}, false
	}
	s.summaries.Store(server, decodedSummary{raw, sum})
	return sum, true
}

// decodedSummary is an index summary and its decoding.
type decodedSummary struct {
	raw string
	sum indexSummary
}

// visibleNames is the idents and names of tools, never nil.
func visibleNames(tools []catalog.Tool) [][2]string {
	out := make([][2]string, 0, len(tools))
	for _, t := range tools {
		out = append(out, [2]string{t.Ident, t.Name})
	}
	return out
}
