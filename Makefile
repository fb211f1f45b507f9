# Fling: `make run` opens the app, `make test` runs every test. Both install what is missing.
SWIFT ?= swift
RELEASE_BIN = .build/release/fling
DEBUG_BIN = .build/debug/fling

.PHONY: run test deps build release bench gallery golden screenshots clean

deps:
	@bash scripts/ensure-deps.sh

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

## Opens the app window on the Restaurants list (pass options with ARGS="--scale 2").
run: release
	$(RELEASE_BIN) $(ARGS)

## Unit, end-to-end and golden-image tests (headless: SDL's offscreen driver).
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test

## Re-records the golden images from the current build (only on purpose).
golden: deps
	$(SWIFT) build --build-tests
	FLING_UPDATE_GOLDEN=1 $(SWIFT) test --filter GoldenImageTests

## Frame-time medians (software renderer) of real frames against a bare frame: the list
## while it scrolls, a sheet while it is dragged, a card while it expands.
bench: release
	$(RELEASE_BIN) bench --size 390x844 --scale 2
	$(RELEASE_BIN) bench --size 1080x1920 --scale 1
	$(RELEASE_BIN) bench --size 1080x1920 --scale 1 --scenario sheet-drag
	$(RELEASE_BIN) bench --size 1080x1920 --scale 1 --scenario card-expand

## The drawing gallery at scale 1 and 2, into docs/.
gallery: build
	$(DEBUG_BIN) gallery --out docs/gallery.png
	$(DEBUG_BIN) gallery --scale 2 --out docs/gallery@2x.png

## README screenshots, made by the app itself headless.
screenshots: build
	bash scripts/screenshots.sh $(DEBUG_BIN)

clean:
	rm -rf .build

## Random gesture sequences (issue 11) on new seeds for MINUTES minutes, in-process against
## every scene and sheet policy; each failure is written as a minimised script into
## fuzz-failures/. `make fuzz REPLAY=FILE` replays one such script instead.
.PHONY: fuzz
MINUTES ?= 30
fuzz: deps
	$(SWIFT) build --build-tests
	FLING_FUZZ_MINUTES=$(MINUTES) FLING_FUZZ_OUT=$(CURDIR)/fuzz-failures FLING_FUZZ_REPLAY=$(REPLAY) \
		$(SWIFT) test --skip-build --filter GestureFuzzTests/testFuzzForMinutes

## Every scene headless under valgrind (a few seconds of virtual time each); fails on any
## definitely-lost block or invalid access.
.PHONY: memcheck
memcheck: build
	bash scripts/memcheck.sh $(DEBUG_BIN)
