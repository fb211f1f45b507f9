# Fling: `make run` opens the app, `make test` runs every test. Both install what is missing.
SWIFT ?= swift
RELEASE_BIN = .build/release/fling
DEBUG_BIN = .build/debug/fling

.PHONY: run test deps build release bench gallery golden screenshots soak kiosk-xvfb clean

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

## Kiosk memory soak (issue 14): 3 h of virtual kiosk use (a visitor touring every scene,
## then an idle reset, repeated); fails if RSS grows by 1 MB or more after the first hour.
## The 24 h soak: `.build/release/fling soak --hours 24`.
soak: release
	$(RELEASE_BIN) soak --hours 3

## Kiosk mode for real under Xvfb for an hour (attract loop, idle resets, a visitor now and
## then), RSS sampled each minute into .build/kiosk-xvfb/rss.csv. Needs xvfb and xdotool.
kiosk-xvfb: release
	bash scripts/kiosk-xvfb-run.sh $(RELEASE_BIN) .build/kiosk-xvfb 3600

## The drawing gallery at scale 1 and 2, into docs/.
gallery: build
	$(DEBUG_BIN) gallery --out docs/gallery.png
	$(DEBUG_BIN) gallery --scale 2 --out docs/gallery@2x.png

## README screenshots, made by the app itself headless.
screenshots: build
	bash scripts/screenshots.sh $(DEBUG_BIN)

clean:
	rm -rf .build
