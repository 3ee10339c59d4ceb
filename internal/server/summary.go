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
	var sum indexSummary
	if json.Unmarshal([]byte(raw), &sum) != nil || sum.Roles == "" {
		return indexSummary{}, false
	}
	return sum, true
}
