package telemetry

import (
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"time"
)

// httpClient is the HTTP client of one signal's exporter ("TRACES" or
// "METRICS"). It follows no redirect: Go's client sends a request's
// headers on to the redirect's target, dropping only Authorization and
// cookies when the host changes, so the API key of
// OTEL_EXPORTER_OTLP_HEADERS (x-api-key, DD-API-KEY, x-honeycomb-team…)
// went to whatever host the collector, or anyone on an http:// path to
// it, redirected to. A redirect is an export error naming the endpoint.
//
// A client of our own replaces the SDK's, and with it what the SDK reads
// into its own: the timeout (OTEL_EXPORTER_OTLP[_SIGNAL]_TIMEOUT,
// milliseconds, default 10 s), the CA certificate
// (OTEL_EXPORTER_OTLP[_SIGNAL]_CERTIFICATE) and the client certificate and
// key (…_CLIENT_CERTIFICATE, …_CLIENT_KEY), read here from get; the
// proxy is the environment's (HTTPS_PROXY), as the SDK's.
//
// The SDK refused certificate settings for an http:// endpoint (they
// would not be used: the API key and the spans go out in the clear while
// the user believes them sent over TLS); so does this, naming both, given
// the endpoint's URL.
func httpClient(get func(string) string, signal, endpoint string) (*http.Client, error) {
	pick := func(suffix string) (name, value string) {
		if v := get("OTEL_EXPORTER_OTLP_" + signal + "_" + suffix); v != "" {
			return "OTEL_EXPORTER_OTLP_" + signal + "_" + suffix, v
		}
		return "OTEL_EXPORTER_OTLP_" + suffix, get("OTEL_EXPORTER_OTLP_" + suffix)
	}
	timeout := 10 * time.Second
	if name, v := pick("TIMEOUT"); v != "" {
		ms, err := strconv.Atoi(v)
		if err != nil || ms < 0 {
			return nil, fmt.Errorf("%s=%q is not a number of milliseconds; set it to one (10000 is the default) or unset it", name, v)
		}
		timeout = time.Duration(ms) * time.Millisecond
	}
	if u, err := url.Parse(endpoint); err == nil && u.Scheme == "http" {
		for _, suffix := range []string{"CERTIFICATE", "CLIENT_CERTIFICATE", "CLIENT_KEY"} {
			if name, v := pick(suffix); v != "" {
				return nil, fmt.Errorf("%s is set, but the endpoint %s is http://, over which no certificate is used; give an https:// endpoint or unset %s", name, u.Redacted(), name)
			}
		}
	}
	tr := &http.Transport{ // the SDK's, as net/http's DefaultTransport
		Proxy:                 http.ProxyFromEnvironment,
		DialContext:           (&net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
		ForceAttemptHTTP2:     true,
		MaxIdleConns:          100,
		IdleConnTimeout:       90 * time.Second,
		TLSHandshakeTimeout:   10 * time.Second,
		ExpectContinueTimeout: 1 * time.Second,
	}
	if name, file := pick("CERTIFICATE"); file != "" {
		pem, err := os.ReadFile(file)
		if err != nil {
			return nil, fmt.Errorf("%s: %w; name a readable PEM file of CA certificates or unset it", name, err)
		}
		pool := x509.NewCertPool()
		if !pool.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("%s: %s holds no PEM certificate; name a PEM file of CA certificates or unset it", name, file)
		}
		tr.TLSClientConfig = &tls.Config{RootCAs: pool}
	}
	certName, cert := pick("CLIENT_CERTIFICATE")
	keyName, key := pick("CLIENT_KEY")
	switch {
	case cert != "" && key != "":
		pair, err := tls.LoadX509KeyPair(cert, key)
		if err != nil {
			return nil, fmt.Errorf("%s and %s: %w; name a PEM certificate and its key, or unset both", certName, keyName, err)
		}
		if tr.TLSClientConfig == nil {
			tr.TLSClientConfig = &tls.Config{}
		}
		tr.TLSClientConfig.Certificates = []tls.Certificate{pair}
	case cert != "" || key != "":
		return nil, fmt.Errorf("%s and %s go together: set both or neither", certName, keyName)
	}
	return &http.Client{
		Transport:     tr,
		Timeout:       timeout,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}, nil
}
