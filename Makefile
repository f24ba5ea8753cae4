# Set-up and everyday entry points. Every target installs the system libraries it needs.
SWIFT ?= swift
BIN := .build/release/aasa-scan

.PHONY: deps build demo test lint-format bench

# libzstd-dev (and zlib, pkg-config) through apt-get when missing.
deps:
	@./scripts/install-deps.sh

build: deps
	$(SWIFT) build -c release --product aasa-scan

# The main job on the bundled sample data.
demo: build
	$(BIN) match --aasa data/example.com.aasa.json - < data/sample-urls.txt

test: deps
	$(SWIFT) test

lint-format:
	$(SWIFT) format lint --strict --recursive Sources Tests
