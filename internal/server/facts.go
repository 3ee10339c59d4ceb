package server

import (
	"reflect"
	"slices"
	"sync"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ClientFacts is what a request says about its client: a 2026-07-28
// request carries its client's info and capabilities in _meta, an older
// one has them from initialize.
//
// From _meta they are bounded: Info keeps only the name, title and
// version, each cut to maxFactWord bytes; Caps has no Experimental or
// Extensions (nothing here reads them, and a client sets them as large
// as a message). Protocol is a version the SDK supports, or empty.
type ClientFacts struct {
	Info     *mcp.Implementation
	Caps     *mcp.ClientCapabilities
	Protocol string
}

// factsRequest is what an *mcp.ServerRequest offers to read them.
type factsRequest interface {
	GetParams() mcp.Params
	GetSession() mcp.Session
	ClientInfo() *mcp.Implementation
	ClientCapabilities() *mcp.ClientCapabilities
	ProtocolVersion() string
}

// factsCache keeps the last _meta client info and capabilities decoded:
// the SDK decodes them from _meta again on every call (a JSON round trip
// each, with a 32 kB buffer), and a client sends the same ones in each
// request. One entry serves the usual case, one kind of client. Raw
// values over maxCachedMeta (as JSON, roughly) are not kept: a request's
// _meta of megabytes stayed alive until the next differing one, and
// every request was compared against it.
var factsCache struct {
	mu       sync.Mutex
	rawInfo  any
	rawCaps  any
	decoded  ClientFacts
	occupied bool
}

// maxCachedMeta bounds the raw _meta factsCache keeps, about its JSON
// size in bytes. A real client's info and capabilities take a few
// hundred.
const maxCachedMeta = 8 << 10

// maxFactWord bounds each word of a client's info FactsOf returns.
const maxFactWord = 256

// supportedProtocols are the versions the SDK speaks.
var supportedProtocols = mcp.SupportedProtocolVersions()

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
	proto := protocolOf(r)
	rawInfo, rawCaps := meta[mcp.MetaKeyClientInfo], meta[mcp.MetaKeyClientCapabilities]
	if v, _ := meta[mcp.MetaKeyProtocolVersion].(string); v < "2026-07-28" || (rawInfo == nil && rawCaps == nil) {
		// From initialize (or none). A request that is not a 2026-07-28
		// one (the SDK serves it as its session's initialize said) says
		// nothing about its client in _meta, though the SDK's accessors
		// read it there first: a 2025-11-25 client claimed there the
		// elicitation it never declared, and a name of its choosing.
		var f ClientFacts
		if ss, ok := r.GetSession().(*mcp.ServerSession); ok && ss != nil {
			if p := ss.InitializeParams(); p != nil {
				f.Info, f.Caps = p.ClientInfo, p.Capabilities
			}
		}
		f.Protocol = proto
		return f
	}
	small := metaSize(rawInfo, maxCachedMeta)+metaSize(rawCaps, maxCachedMeta) <= maxCachedMeta
	if small {
		factsCache.mu.Lock()
		if factsCache.occupied && reflect.DeepEqual(rawInfo, factsCache.rawInfo) && reflect.DeepEqual(rawCaps, factsCache.rawCaps) {
			f := factsCache.decoded
			factsCache.mu.Unlock()
			f.Protocol = proto
			return f
		}
		factsCache.mu.Unlock()
	}
	f := ClientFacts{Info: boundInfo(r.ClientInfo()), Caps: boundCaps(r.ClientCapabilities()), Protocol: proto}
	if small {
		factsCache.mu.Lock()
		factsCache.rawInfo, factsCache.rawCaps, factsCache.decoded, factsCache.occupied = rawInfo, rawCaps, f, true
		factsCache.mu.Unlock()
	}
	return f
}

// protocolOf is the version r names, when the SDK supports it; else the
// one its session initialized with, when supported; else "". A request
// of an initialized session may name any string in _meta (one that
// sorts before 2026-07-28 is not checked by the SDK), and initialize's
// own is the client's word: a megabyte of it was kept by the session and
// shown in its status.
func protocolOf(r factsRequest) string {
	if v := r.ProtocolVersion(); slices.Contains(supportedProtocols, v) {
		return v
	}
	if ss, ok := r.GetSession().(*mcp.ServerSession); ok && ss != nil {
		if p := ss.InitializeParams(); p != nil && slices.Contains(supportedProtocols, p.ProtocolVersion) {
			return p.ProtocolVersion
		}
	}
	return ""
}

// boundInfo is info's name, title and version, each cut to maxFactWord.
func boundInfo(info *mcp.Implementation) *mcp.Implementation {
	if info == nil {
		return nil
	}
	return &mcp.Implementation{Name: cutWord(info.Name), Title: cutWord(info.Title), Version: cutWord(info.Version)}
}

// boundCaps is caps without Experimental and Extensions.
func boundCaps(caps *mcp.ClientCapabilities) *mcp.ClientCapabilities {
	if caps == nil || (caps.Experimental == nil && caps.Extensions == nil) {
		return caps
	}
	c := *caps
	c.Experimental, c.Extensions = nil, nil
	return &c
}

// cutWord cuts w to maxFactWord bytes at a character's start, marking
// the cut with "…".
func cutWord(w string) string {
	if len(w) <= maxFactWord {
		return w
	}
	i := maxFactWord
	for i > 0 && !utf8.RuneStart(w[i]) {
		i--
	}
	return w[:i] + "…"
}

// metaSize is about v's size as JSON, counted no further than past
// limit: decoded JSON (maps, slices, strings, numbers, booleans, nil);
// any other value counts as limit+1.
func metaSize(v any, limit int) int {
	n := 0
	var walk func(v any) bool // false: past limit
	walk = func(v any) bool {
		switch x := v.(type) {
		case nil, bool, float64, int, int64:
			n += 8
		case string:
			n += len(x) + 2
		case map[string]any:
			n += 2
			for k, e := range x {
				n += len(k) + 4
				if n > limit || !walk(e) {
					return false
				}
			}
		case []any:
			n += 2
			for _, e := range x {
				n++
				if n > limit || !walk(e) {
					return false
				}
			}
		default:
			n = limit + 1
		}
		return n <= limit
	}
	walk(v)
	return n
}

// isNilParams reports whether p is a typed nil pointer.
func isNilParams(p mcp.Params) bool {
	v := reflect.ValueOf(p)
	return v.Kind() == reflect.Pointer && v.IsNil()
}
