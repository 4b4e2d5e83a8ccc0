# feedscroll: `make run` browses the built-in feed; `make test` runs every test.
SWIFT ?= swift
BIN := .build/debug/feedscroll
export LC_ALL ?= C.UTF-8

.PHONY: all deps build run test unit e2e bench clean

all: build

deps:
	@scripts/ensure-deps

build: deps
	$(SWIFT) build

run: build
	$(BIN) $(ARGS)

# Unit tests, then the end-to-end tests (the real binary in tmux, in pipes, against the replica),
# against a fresh debug build. Two runs: the end-to-end tests block threads waiting on child
# processes, and must not starve the async replica tests of Swift's cooperative pool.
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --skip EndToEndTests
	$(SWIFT) test --skip-build --filter EndToEndTests

unit: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --skip EndToEndTests

e2e: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --filter EndToEndTests

# Benchmarks (ordo-one/benchmark, release build): diff vs the stdlib, page appends, a key press
# at a million items. The first run builds for a couple of minutes.
bench:
	$(SWIFT) package --allow-writing-to-package-directory benchmark

clean:
	rm -rf .build
