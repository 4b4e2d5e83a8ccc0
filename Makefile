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

# Unit tests and the tmux end-to-end tests, against a fresh debug build.
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

unit: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --skip EndToEndTests

e2e: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --filter EndToEndTests

clean:
	rm -rf .build
