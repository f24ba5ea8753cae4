# Set-up and everyday entry points. Every target installs the system libraries it needs.
SWIFT ?= swift
BIN := .build/release/aasa-scan

.PHONY: deps build demo test test-metrics test-spark lint-format bench fuzz fetch test-fetch

# libzstd-dev, zlib, libcurl4-openssl-dev, libxml2-dev, pkg-config, openssl and the zstd/gzip
# tools through apt-get when missing.
deps:
	@./scripts/install-deps.sh

build: deps
	$(SWIFT) build -c release --product aasa-scan

# The main job on the bundled sample data: coverage of a generated access log (zstd).
demo: build
	$(BIN) scan --aasa data/sample.aasa.json --format table data/sample-access.log.zst

test: deps
	$(SWIFT) test

# The openmetrics and prometheus report formats read by prometheus-client's parsers and
# promtool, every value held against the JSON report (installs them; see scripts/check-metrics.sh).
test-metrics: deps
	./scripts/check-metrics.sh

# The alert rules of examples/prometheus against their unit tests (`promtool test rules`):
# skipped, saying so, when promtool is absent (Debian: apt-get install prometheus).
.PHONY: test-prometheus
test-prometheus:
	@if command -v promtool >/dev/null 2>&1; then \
		promtool check rules examples/prometheus/aasa-scan-rules.yml && \
		promtool test rules examples/prometheus/aasa-scan-rules.test.yml; \
	else \
		echo "test-prometheus: skipped: promtool is absent (apt-get install prometheus)"; \
	fi

# The Spark example end to end (examples/spark): the job in Spark local mode with two executor
# threads against one scan of the same files, and the Hadoop streaming recipe. Java 17 and
# pyspark 4.x (in .build/spark-venv) are set up first when missing: scripts/spark-env.sh.
test-spark: build
	@./scripts/spark-env.sh
	AASA_SCAN=$(BIN) .build/spark-venv/bin/python examples/spark/test_aasa_coverage.py
	AASA_SCAN=$(BIN) ./examples/spark/test_hadoop_streaming.sh

lint-format:
	$(SWIFT) format lint --strict --recursive Sources Tests Benchmarks/Benchmarks Fuzz/Sources \
		Snippets examples/decide-server/Sources examples/decide-server/Tests

# `aasa-scan fetch` is part of the one binary (its HTTP client is the system's libcurl): this
# is `make build`, kept for old habits.
fetch: build

# The fetch tests alone (they run in `make test` too): real HTTPS servers on loopback
# (python3), with a CA and certificates made by openssl in the test.
test-fetch: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --filter 'FetchCheckTests|FetchOutputTests|FetchUnitTests|SavedFilesTests|FetchCDNTests'

# Coverage-guided fuzzing with the address sanitizer: every target of Fuzz/ for FUZZ_SECONDS
# (default 60) each; findings are left in .build/fuzz/findings/. See scripts/fuzz.sh.
FUZZ_SECONDS ?= 60
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) ./scripts/fuzz.sh

# The HTML reports in headless Chromium (Debian's chromium, installed when missing): figures
# and rows of the rendered DOM against the JSON reports, hostile logs shown as text, no console
# message, no sideways overflow at 375 px. See scripts/html-report-check.py.
.PHONY: test-html report-screenshot
test-html: deps
	SWIFT=$(SWIFT) ./scripts/test-html.sh

# docs/sample-report.png: the HTML report of the bundled sample as Chromium draws it, 1200 px wide.
report-screenshot: build
	@./scripts/install-deps.sh chromium
	$(BIN) scan --aasa data/sample.aasa.json --format html --quiet \
		--output .build/sample-report.html data/sample-access.log.zst
	chromium --headless --disable-gpu --no-sandbox --hide-scrollbars --window-size=1200,1600 \
		--screenshot=docs/sample-report.png file://$(CURDIR)/.build/sample-report.html 2>/dev/null
	@ls -l docs/sample-report.png

.PHONY: sample-data workload bench-compare

# The bundled sample: 15,000 generated log lines (zstd) and the 300-rule AASA file.
sample-data: build
	$(BIN) generate --lines 15000 --seed 1 --output .build/sample-data
	zstd -19 -q -f .build/sample-data/access.log -o data/sample-access.log.zst
	cp .build/sample-data/rules-300.json data/sample.aasa.json

# The standard benchmark workload (5,000,000 lines, about 1.2 GB, and the rule files of both
# profiles, standard and glob-heavy) in data/bench/ (git-ignored).
workload: build
	$(BIN) generate --output data/bench

# Matcher and pipeline benchmarks: a separate package, see Benchmarks/Package.swift.
bench: deps
	cd Benchmarks && $(SWIFT) package benchmark

# The product beside the machine's floors (zstd -dc, gzip -dc, wc -l) on the standard workload,
# for every rule profile: ROUNDS=9 pairs per row, PROFILE=standard, glob-heavy or real for one.
ROUNDS ?= 5
PROFILE ?= all
bench-compare: build
	@./scripts/install-deps.sh bc time
	@[ -f data/bench/access.log ] && [ -f data/bench/rules-glob-5000.json ] \
		|| $(BIN) generate --output data/bench
	./scripts/bench-compare.sh $(ROUNDS) $(PROFILE)

.PHONY: example-server docs doc-links

# The Hummingbird server of examples/decide-server (GET /decide?url=...), built and its test
# run: it starts the server on loopback and queries it. A package of its own, beside this one.
example-server: deps
	cd examples/decide-server && $(SWIFT) build && $(SWIFT) test

# The DocC documentation of the libraries (in .build/plugins/Swift-DocC/outputs/); fails on any
# DocC warning (a broken symbol link, a missing snippet) and on any public symbol without a
# summary (scripts/check-doc-coverage.py). Snippets/ is compiled by every build. First, every
# relative link of README.md and docs/*.md must name a file and heading that exist.
DOCC_OUTPUT := .build/plugins/Swift-DocC/outputs
docs: doc-links
	@mkdir -p .build
	$(SWIFT) package generate-documentation --target LinkMatcher --target AASAModel \
		--warnings-as-errors --experimental-documentation-coverage > .build/docs.log 2>&1 \
		|| { cat .build/docs.log; exit 1; }
	@cat .build/docs.log
	@! grep -q "warning:" .build/docs.log
	./scripts/check-doc-coverage.py $(DOCC_OUTPUT)/LinkMatcher.doccarchive \
		$(DOCC_OUTPUT)/AASAModel.doccarchive

doc-links:
	./scripts/check-doc-links.py

.PHONY: install uninstall manual completions static test-install test-static

# Installing under $(DESTDIR)$(PREFIX): the release binary, bash, zsh and fish completions,
# and the man page.
PREFIX ?= /usr/local
INSTALL_BIN := $(DESTDIR)$(PREFIX)/bin
INSTALL_MAN := $(DESTDIR)$(PREFIX)/share/man/man1
INSTALL_BASH := $(DESTDIR)$(PREFIX)/share/bash-completion/completions
INSTALL_ZSH := $(DESTDIR)$(PREFIX)/share/zsh/site-functions
INSTALL_FISH := $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
COMPLETIONS := .build/completions
GENERATED_MANUAL := .build/plugins/GenerateManual/outputs/aasa-scan/aasa-scan.1
MANUAL := .build/man/aasa-scan.1
# The man page carries the date of the last commit, so the same sources give the same page.
MANUAL_DATE := $(shell git log -1 --format=%cs 2>/dev/null || date +%F)

# The man page (mdoc), made from the commands' own help by ArgumentParser's generate-manual
# plugin, which builds the package in release mode first, as `make build` does. The help's
# blank lines become `.Pp` (mdoc warns about empty lines), and `\:` lets groff break a long
# comma-separated list (`--skip-assets`) after a comma.
manual: build
	$(SWIFT) package plugin generate-manual --date $(MANUAL_DATE)
	@mkdir -p $(dir $(MANUAL))
	sed -e 's/^$$/.Pp/' -e '/^\./!s/,\([^ ]\)/,\\:\1/g' $(GENERATED_MANUAL) > $(MANUAL)

completions: build
	@mkdir -p $(COMPLETIONS)
	$(BIN) --generate-completion-script bash > $(COMPLETIONS)/aasa-scan.bash
	$(BIN) --generate-completion-script zsh > $(COMPLETIONS)/_aasa-scan
	$(BIN) --generate-completion-script fish > $(COMPLETIONS)/aasa-scan.fish

install: build manual completions
	install -d $(INSTALL_BIN) $(INSTALL_MAN) $(INSTALL_BASH) $(INSTALL_ZSH) $(INSTALL_FISH)
	install -m 755 $(BIN) $(INSTALL_BIN)/aasa-scan
	install -m 644 $(MANUAL) $(INSTALL_MAN)/aasa-scan.1
	install -m 644 $(COMPLETIONS)/aasa-scan.bash $(INSTALL_BASH)/aasa-scan
	install -m 644 $(COMPLETIONS)/_aasa-scan $(INSTALL_ZSH)/_aasa-scan
	install -m 644 $(COMPLETIONS)/aasa-scan.fish $(INSTALL_FISH)/aasa-scan.fish

uninstall:
	rm -f $(INSTALL_BIN)/aasa-scan $(INSTALL_MAN)/aasa-scan.1 \
		$(INSTALL_BASH)/aasa-scan $(INSTALL_ZSH)/_aasa-scan $(INSTALL_FISH)/aasa-scan.fish

# Installs into a temporary DESTDIR and checks every file, the man page, the completions and
# the installed binary, then uninstalls (scripts/test-install.sh).
test-install: deps
	@./scripts/install-deps.sh groff-base
	SWIFT=$(SWIFT) ./scripts/test-install.sh

# A release binary with the Swift runtime and Foundation linked in, for Linux machines without
# Swift: .build/static/release/aasa-scan, apart from the normal build. The system libraries stay
# shared: libzstd, zlib and libxml2, which such a machine has or gets from its packages, and
# libcurl (with its TLS library), which `fetch` opens when it runs.
STATIC_BIN := .build/static/release/aasa-scan
static: deps
	$(SWIFT) build -c release --static-swift-stdlib --scratch-path .build/static \
		--product aasa-scan

# No Swift runtime library among the static binary's NEEDED entries, nor libcurl, and it runs
# with an empty environment, its fetch through the system's libcurl (scripts/check-static.sh).
test-static: static
	@./scripts/install-deps.sh binutils
	./scripts/check-static.sh $(STATIC_BIN)
