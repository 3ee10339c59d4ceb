# Switchboard: build, test, benchmark.
GO      ?= go
NODEDIR := test/interop/node

CONFDIR := test/conformance/node

.PHONY: build install dist test interop-deps bench demo vet fmt-check conformance-deps conformance-client conformance-server

# What builds are stamped with: the nearest tag (git describe; none: the
# binary reports the Go module version, else "dev"), the commit, its time
# and whether the tree had uncommitted changes. Outside a git clone all are
# empty and the binary reads what the toolchain recorded
# (runtime/debug.ReadBuildInfo).
VERSION ?= $(shell git describe --tags --dirty 2>/dev/null)
COMMIT  := $(shell git rev-parse HEAD 2>/dev/null)
CLIPKG  := github.com/switchboard-mcp/switchboard/internal/cli
LDFLAGS := $(if $(VERSION),-X $(CLIPKG).version=$(VERSION)) \
	$(if $(COMMIT),-X $(CLIPKG).commit=$(COMMIT) \
	-X $(CLIPKG).commitTime=$(shell git log -1 --format=%cI 2>/dev/null) \
	-X $(CLIPKG).modified=$(shell git diff --quiet HEAD 2>/dev/null && echo false || echo true))

# Without cgo, as the release archives are: a static binary starts ~2 ms
# sooner (no dynamic loader, no libc) and behaves the same.
build:
	CGO_ENABLED=0 $(GO) build -ldflags '$(LDFLAGS)' -o switchboard ./cmd/switchboard

# Installs the binary into $(GOBIN), else $(GOPATH)/bin (~/go/bin): put
# that directory on PATH.
install:
	CGO_ENABLED=0 $(GO) install -ldflags '$(LDFLAGS)' ./cmd/switchboard
	@echo "installed $$($(GO) env GOBIN | grep . || echo $$($(GO) env GOPATH)/bin)/switchboard"

# Release archives for linux/darwin/windows x amd64/arm64 with SHA256SUMS
# in dist/out (reproducible: -trimpath, entries dated at the commit).
dist:
	$(GO) run ./dist -out dist/out $(if $(VERSION),-version $(VERSION))

# The whole test job on a fresh machine: real MCP servers from npm for the
# interop tests (pinned in $(NODEDIR)/package-lock.json), then every Go test
# with the race detector.
test: interop-deps
	$(GO) test -race -timeout 30m ./...

interop-deps: $(NODEDIR)/node_modules/.stamp

$(NODEDIR)/node_modules/.stamp: $(NODEDIR)/package.json $(NODEDIR)/package-lock.json
	cd $(NODEDIR) && npm ci --no-audit --no-fund
	touch $@

# The official MCP conformance suite in client mode against our backend
# client, with the pinned suite and the Node 22 it needs from
# $(CONFDIR)/package-lock.json; inside `unshare -n` (skipped, saying so,
# where that is not permitted, except under CI). See docs/conformance.md.
conformance-client: conformance-deps
	test/conformance/run-client.sh

# The same suite in server mode against `serve --http` (meta-tool mode, and
# server-everything exposed directly) and server-everything alone; needs
# the interop packages for server-everything. See docs/conformance.md.
conformance-server: conformance-deps interop-deps
	test/conformance/run-server.sh

conformance-deps: $(CONFDIR)/node_modules/.stamp

$(CONFDIR)/node_modules/.stamp: $(CONFDIR)/package.json $(CONFDIR)/package-lock.json
	cd $(CONFDIR) && npm ci --no-audit --no-fund
	touch $@

# Benchmarks; writes docs/benchmarks.md (see that file for the exact commands).
bench: interop-deps
	$(GO) run ./bench -out docs/benchmarks.md

demo:
	$(GO) run ./cmd/switchboard exec -e 'const [s, w] = await Promise.all([demo.add({a: 2, b: 3}), demo.split_words({text: "one MCP server"})]); return {sum: s.sum, words: w.count}'

vet:
	$(GO) vet ./...

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
