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

## Frame times (software renderer, headless) of every bench scenario against the compositing
## floor measured in the same run: phone @2x, portrait kiosk and landscape desktop.
bench: release
	$(RELEASE_BIN) bench --size 390x844 --scale 2
	$(RELEASE_BIN) bench --size 1080x1920 --scale 1
	$(RELEASE_BIN) bench --size 1920x1080 --scale 1

## The drawing gallery at scale 1 and 2, into docs/.
gallery: build
	$(DEBUG_BIN) gallery --out docs/gallery.png
	$(DEBUG_BIN) gallery --scale 2 --out docs/gallery@2x.png

## README screenshots, made by the app itself headless.
screenshots: build
	bash scripts/screenshots.sh $(DEBUG_BIN)

clean:
	rm -rf .build
