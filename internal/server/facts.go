package server

import (
	"reflect"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ClientFacts is what a request says about its client: a 2026-07-28
// request carries its client's info and capabilities in _meta, an older
// one has them from initialize.
type ClientFacts struct {
	Info     *mcp.Implementation
	Caps     *mcp.ClientCapabilities
	Protocol string
}

// factsRequest is what an *mcp.ServerRequest offers to read them.
type factsRequest interface {
	GetParams() mcp.Params
	ClientInfo() *mcp.Implementation
	ClientCapabilities() *mcp.ClientCapabilities
	ProtocolVersion() string
}

// factsCache keeps the last _meta client info and capabilities decoded:
// the SDK decodes them from _meta again on every call (a JSON round trip
// each, with a 32 kB buffer), and a client sends the same ones in each
// request. One entry serves the usual case, one kind of client.
var factsCache struct {
	mu       sync.Mutex
	rawInfo  any
	rawCaps  any
	decoded  ClientFacts
	occupied bool
}

// FactsOf returns what req says about its client, decoding _meta only
// when it differs from the last request's. The pointers it returns are
// shared: read them, never change them. Zero for a request that is not
// a server request.
func FactsOf(req mcp.Request) ClientFacts {
	r, ok := req.(factsRequest)
	if !ok {
		return ClientFacts{}
	}
	var meta map[string]any
	if p := r.GetParams(); p != nil && !isNilParams(p) {
		meta = p.GetMeta()
	}
	rawInfo, rawCaps := meta[mcp.MetaKeyClientInfo], meta[mcp.MetaKeyClientCapabilities]
	if rawInfo == nil && rawCaps == nil {
		// From initialize (or none): the SDK reads them without decoding.
		return ClientFacts{Info: r.ClientInfo(), Caps: r.ClientCapabilities(), Protocol: r.ProtocolVersion()}
	}
	proto := r.ProtocolVersion()
	factsCache.mu.Lock()
	if factsCache.occupied && reflect.DeepEqual(rawInfo, factsCache.rawInfo) && reflect.DeepEqual(rawCaps, factsCache.rawCaps) {
		f := factsCache.decoded
		factsCache.mu.Unlock()
		f.Protocol = proto
		return f
	}
	factsCache.mu.Unlock()
	f := ClientFacts{Info: r.ClientInfo(), Caps: r.ClientCapabilities(), Protocol: proto}
	factsCache.mu.Lock()
	factsCache.rawInfo, factsCache.rawCaps, factsCache.decoded, factsCache.occupied = rawInfo, rawCaps, f, true
	factsCache.mu.Unlock()
	return f
}

// isNilParams reports whether p is a typed nil pointer.
func isNilParams(p mcp.Params) bool {
	v := reflect.ValueOf(p)
	return v.Kind() == reflect.Pointer && v.IsNil()
}
