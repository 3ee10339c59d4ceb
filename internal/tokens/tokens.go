// Package tokens counts tokens the way a model's context is measured, with
// an offline tokenizer (OpenAI's o200k_base vocabulary, embedded in the
// binary). Counts for other model families differ somewhat; use them for
// ratios and budgets, not as exact bills.
package tokens

import (
	"bytes"
	"encoding/json"
	"sync"

	"github.com/tiktoken-go/tokenizer/codec"
)

// Encoding names the vocabulary Count uses.
const Encoding = "o200k_base"

// The codec is built from its constructor, not tokenizer.Get: Get names
// every vocabulary the module embeds (o200k, cl100k, p50k, r50k), so all of
// them were linked into the binary; this way only o200k is (about 5 MB
// less, stripped).
var load = sync.OnceValues(func() (*codec.Codec, error) { return codec.NewO200kBase(), nil })

// Count returns the number of o200k_base tokens in s. The vocabulary is
// loaded on first use (about 15 ms); Count is safe for concurrent use.
func Count(s string) (int, error) {
	c, err := load()
	if err != nil {
		return 0, err
	}
	return c.Count(s)
}

// ToolJSON is a tool as direct registration puts it in the model's
// context: {"name", "description", "inputSchema"} as compact JSON without
// HTML escaping. inputSchema is re-encoded, so key order is normalised.
func ToolJSON(name, description string, inputSchema json.RawMessage) string {
	var schema any
	if len(inputSchema) > 0 {
		if err := json.Unmarshal(inputSchema, &schema); err != nil {
			schema = string(inputSchema)
		}
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(struct {
		Name        string `json:"name"`
		Description string `json:"description"`
		InputSchema any    `json:"inputSchema"`
	}{name, description, schema})
	return string(bytes.TrimSpace(b.Bytes()))
}
