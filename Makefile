# feedscroll: `make run` browses the built-in feed; `make test` runs every test.
SWIFT ?= swift
BIN := .build/debug/feedscroll
export LC_ALL ?= C.UTF-8

.PHONY: all deps build run test unit e2e bench bench-floor fuzz docs check-imports check-async-tuples clean release-e2e release release-check install uninstall

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
test: deps check-imports check-async-tuples
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --skip EndToEndTests
	$(SWIFT) test --skip-build --filter EndToEndTests

# Every target imports only what its row of docs/ARCHITECTURE.md allows.
check-imports:
	@scripts/check-imports

# No tuple is built around an await: Swift 6.3.1 miscompiles it in release builds (the script says how).
check-async-tuples:
	@scripts/check-async-tuples

# Regenerates docs/KEYS.md from KeyMap.standard (KeyTableDocumentTests fails while it is stale).
docs: deps
	$(SWIFT) build --build-tests
	FEEDSCROLL_WRITE_DOCS=1 $(SWIFT) test --skip-build --filter KeyTableDocumentTests

unit: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --skip EndToEndTests

e2e: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --filter EndToEndTests

# The fuzzer (Fuzz/): every adapter on mutated recorded payloads through its real decode path,
# the sanitiser and HTML renderers on random bytes, web pages through the reader (libxml2, the
# extractor, the layout), config files (deep, long, garbled, hostile escapes), and first the binary
# itself with hostile --log targets, for FUZZ_SECONDS, seeded (FUZZ_SEED).
# Exits 1 on a finding. `make test` runs a short seeded slice of it (Tests/FeedFuzzTests).
FUZZ_SECONDS ?= 600
FUZZ_SEED ?= 1
fuzz: deps
	$(SWIFT) build --product FeedFuzzer
	$(SWIFT) build --product feedscroll
	.build/debug/FeedFuzzer --seconds $(FUZZ_SECONDS) --seed $(FUZZ_SEED) --feedscroll $(BIN)

# Benchmarks (ordo-one/benchmark, release build): diff vs the stdlib, page appends, a key press
# at a million items, pictures, the cache. They are a package of their own (Benchmarks/), so
# `make test` never builds ordo-one's graph. The first run builds for several minutes.
# BENCH_ARGS passes options to the plugin, e.g. BENCH_ARGS='--filter "picture.*"'.
# The touch: SwiftPM keeps a path dependency's file list from its last build plan, so a source
# file added to feedscroll since then is missed ("cannot find type"); a newer manifest replans.
# After them, the floor checks of issue 25 that run the release binary: a pipe with the cache
# on against --no-cache (scripts/bench-pipe; PIPE_ITEMS, default 2,000,000) and the bytes of a j
# step against less on a pty (scripts/bench-bytes). `make bench-floor` runs only issue 25's
# figures: search against grep, snapshots, the pipe and the bytes. The feeds rows run the
# release binary against newsboat (Debian's; ensure-deps installs it for bench). Last, the
# reader against readability-lxml and trafilatura on the reader corpus, with the extractor also
# timed in-process (Benchmarks' ReaderCorpusTiming) beside the peers' in-process times; then
# feed reading against feedparser (the huge feed's time and memory, the fixtures read by both).
BENCH_ARGS ?=
PIPE_ITEMS ?= 2000000
bench: deps release
	FEEDSCROLL_BENCH=1 scripts/ensure-deps
	touch Benchmarks/Package.swift
	$(SWIFT) package --package-path Benchmarks --allow-writing-to-package-directory benchmark $(BENCH_ARGS)
	scripts/bench-pipe $(RELEASE_BIN) $(PIPE_ITEMS)
	scripts/bench-bytes $(RELEASE_BIN)
	$(SWIFT) build -c release --package-path Benchmarks --product ReaderCorpusTiming
	scripts/bench-reader-peers $(RELEASE_BIN) .build/peers Benchmarks/.build/release/ReaderCorpusTiming
	scripts/bench-feeds-peers $(RELEASE_BIN) .build/peers

bench-floor: deps release
	touch Benchmarks/Package.swift
	$(SWIFT) package --package-path Benchmarks --allow-writing-to-package-directory benchmark --filter "(search|snapshot).*"
	scripts/bench-pipe $(RELEASE_BIN) $(PIPE_ITEMS)
	scripts/bench-bytes $(RELEASE_BIN)

# The release build, the product: `make install` puts it in $(PREFIX)/bin (default ~/.local/bin).
# `make release-check` builds it and checks it browses: a demo pipe, HN pipes against a
# `feedscroll serve` it starts and stops, and the TUI in tmux taking keys and quitting; any crash
# fails it loudly. It is not part of `make test`: the release build alone takes several minutes
# (a clean one about 10 here), more than CI's budget leaves; run it before a release and after
# touching concurrency code.
PREFIX ?= $(HOME)/.local
RELEASE_BIN := .build/release/feedscroll

# Linked with the Swift runtime and Foundation inside (--static-swift-stdlib): the installed
# binary needs only Debian's libraries, not the toolchain it was built with (a dynamic one looks
# for libswiftCore.so in /opt/swift), and starts in 8.6-9.5 ms instead of 12.8-14.8 (fewer
# libraries to load and relocate; docs/PERFORMANCE.md). Build it with this flag every time: the
# flag changes how the executable is compiled, and switching it costs a rebuild of minutes.
release: deps
	$(SWIFT) build -c release --product feedscroll --static-swift-stdlib

release-check: release
	scripts/release-check $(RELEASE_BIN)

# Every end-to-end test against the release binary (FEEDSCROLL_BIN), not the debug one: the
# release build alone had two bugs on 2026-11-27 (the river's task-group tuples, the signal
# pipe: no resize, no Ctrl-Z redraw) that every debug test missed and this run shows.
release-e2e: release
	$(SWIFT) build --build-tests
	FEEDSCROLL_BIN=$(CURDIR)/$(RELEASE_BIN) $(SWIFT) test --skip-build --filter EndToEndTests

# Installed stripped (189 MB -> 90 MB; the symbols and debug info are what goes): the Swift
# backtracer is not shipped beside an installed static binary ("unable to locate swift-backtrace;
# disabling backtracing"), so the symbols serve no one there; .build/release/feedscroll keeps
# them for debugging. `make install INSTALL_STRIP=` installs it as built; no `strip` on PATH, the same.
INSTALL_STRIP ?= $(if $(shell command -v strip),-s)
install: release
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 755 $(INSTALL_STRIP) $(RELEASE_BIN) "$(DESTDIR)$(PREFIX)/bin/feedscroll"
	@echo "installed $(DESTDIR)$(PREFIX)/bin/feedscroll"

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/feedscroll"

clean:
	rm -rf .build
