# Fling: `make run` opens the app, `make test` runs every test. Both install what is missing.
SWIFT ?= swift
RELEASE_BIN = .build/release/fling
DEBUG_BIN = .build/debug/fling

.PHONY: run test deps catalogs po build release bench gallery golden screenshots soak kiosk-xvfb clean \
        install uninstall deb check-install kiosk-vm man icon fuzz memcheck ime-check a11y-check help

## This list: each target with the first sentence of the `##` comment above it.
help:
	@awk '/^## /{ c = c (c == "" ? "" : " ") substr($$0, 4); next } /^$$/{ c = ""; next } \
	  /^[a-z][a-z0-9-]*:/{ if (c != "") { n = index($$0, ":"); e = index(c ". ", ". "); s = substr(c, 1, e); \
	  if (length(s) > 100) { s = substr(s, 1, 100); sub(/ [^ ]*$$/, "", s); s = s " …" } printf "  %-14s %s\n", substr($$0, 1, n - 1), s } c = "" }' $(firstword $(MAKEFILE_LIST))

# Install locations (GNU conventions): `make install PREFIX=/usr DESTDIR=/tmp/stage`.
PREFIX ?= /usr/local
DESTDIR ?=
APP_ID = app.fling.Fling
VERSION = $(shell sed -n 's/.*enum FlingVersion { static let string = "\(.*\)" }.*/\1/p' Sources/FlingApp/main.swift)
BINDIR = $(DESTDIR)$(PREFIX)/bin
DATADIR = $(DESTDIR)$(PREFIX)/share
# systemd's system units shipped by a package (/usr/lib/systemd/system for PREFIX=/usr).
UNITDIR = $(DESTDIR)$(PREFIX)/lib/systemd/system
# Root for the steps that need it (debootstrap, chroot), only them: sudo when not root.
SUDO = $(if $(filter 0,$(shell id -u)),,sudo)

## Installs the system packages the build and the tests need, when missing (apt; sudo when not root).
deps:
	@bash scripts/ensure-deps.sh

## The catalogues of the UI's languages: po/LANG.po compiled by msgfmt, checked (-c), into .build/locale,
## where a checkout's build finds them (an install puts them in PREFIX/share/locale).
LANGUAGES = $(basename $(notdir $(wildcard po/*.po)))
CATALOGS = $(LANGUAGES:%=.build/locale/%/LC_MESSAGES/fling.mo)
.build/locale/%/LC_MESSAGES/fling.mo: po/%.po
	@mkdir -p $(@D)
	msgfmt -c -o $@ $<
catalogs: deps $(CATALOGS)

## po/fling.pot from the sources, and each po/LANG.po brought in step with it (msgmerge).
po:
	python3 scripts/po-extract.py
	for f in po/*.po; do msgmerge -q --update --backup=none --no-fuzzy-matching $$f po/fling.pot || exit 1; done

## The glibc locales the date tests read weekday and month names from, compiled into
## .build/locale-data (LOCPATH) from the `locales` package's sources: no root, no
## /usr/lib/locale changed.
TEST_LOCALES = zh_CN zh_TW ar_EG en_US
LOCALE_DATA = $(TEST_LOCALES:%=.build/locale-data/%.UTF-8/LC_TIME)
.build/locale-data/%.UTF-8/LC_TIME:
	@mkdir -p .build/locale-data
	localedef -i $* -f UTF-8 .build/locale-data/$*.UTF-8 2>/dev/null || test -f $@

## The debug build (the tests' binary, .build/debug/fling).
build: deps catalogs
	$(SWIFT) build

## The release binary, Swift's runtime linked in: it needs only the SDL libraries and libc.
release: deps catalogs
	$(SWIFT) build -c release --static-swift-stdlib

## Opens the app window on the Restaurants list (pass options with ARGS="--scale 2").
run: release
	$(RELEASE_BIN) $(ARGS)

## Unit, end-to-end and golden-image tests (headless: SDL's offscreen driver).
test: deps catalogs $(LOCALE_DATA)
	python3 scripts/po-extract.py --check
	$(SWIFT) build --build-tests
	$(SWIFT) test

## A Chinese input method for real: under a private Xvfb, D-Bus and fcitx5 with its pinyin
## engine, "nihao" typed into the Form composes inline and commits 你好 (about 10 s; installs
## fcitx5, its Chinese add-ons, xdotool and ImageMagick when missing).
IME_PACKAGES = fcitx5 fcitx5-chinese-addons xdotool imagemagick dbus-daemon dbus-bin
ime-check: build
	@command -v fcitx5 >/dev/null && command -v xdotool >/dev/null && command -v import >/dev/null \
	  && ls /usr/lib/*/fcitx5/libpinyin.so >/dev/null 2>&1 \
	  || { $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $(IME_PACKAGES); }
	bash scripts/ime-xvfb-check.sh $(DEBUG_BIN) .build/ime-check

## Screen readers for real: a pyatspi client walks and drives the app over AT-SPI
## (scripts/atspi-check.sh), then Orca reads a row, its sheet and the detent
## (scripts/orca-check.sh); each in a private D-Bus session under Xvfb.
A11Y_PACKAGES = at-spi2-core gsettings-desktop-schemas python3-pyatspi gir1.2-atspi-2.0 orca xdotool xvfb dbus-daemon libglib2.0-bin bc procps
a11y-check: build
	@[ -x /usr/libexec/at-spi-bus-launcher ] && /usr/bin/python3 -c 'import pyatspi' 2>/dev/null && command -v orca >/dev/null \
	  && command -v xdotool >/dev/null && command -v gdbus >/dev/null && command -v bc >/dev/null \
	  || { $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $(A11Y_PACKAGES); }
	bash scripts/atspi-check.sh $(DEBUG_BIN) Resources
	bash scripts/orca-check.sh $(DEBUG_BIN) Resources

## Re-records the golden images from the current build (only on purpose); each re-recorded
## image fails its test, so record mode can never pass unnoticed.
golden: deps
	$(SWIFT) build --build-tests
	FLING_UPDATE_GOLDEN=1 $(SWIFT) test --filter 'GoldenImageTests|FormTests/testGoldenForm' 2>&1 | tee .build/golden.log | grep -E "error:" | grep -v "re-recorded (FLING_UPDATE_GOLDEN=1)" && { echo "make golden: a failure other than a re-recording (above)" >&2; exit 1; } || true

## Frame times (software renderer, headless) of every bench scenario against the compositing
## floor measured in the same run: phone @2x, portrait kiosk and landscape desktop.
bench: release
	$(RELEASE_BIN) bench --size 390x844 --scale 2
	$(RELEASE_BIN) bench --size 1080x1920 --scale 1
	$(RELEASE_BIN) bench --size 1920x1080 --scale 1

## Kiosk memory soak: 3 h of virtual kiosk use (a visitor touring every scene,
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

## Installs the release binary, its resources, desktop entry, icons, AppStream metainfo,
## man page and shell completions under $(DESTDIR)$(PREFIX); `make uninstall` removes them.
## It installs the binary `make release` built and builds nothing itself, so that
## `sudo make install` needs no Swift on root's PATH.
install:
	@test -x $(RELEASE_BIN) || { echo "make install: no $(RELEASE_BIN): run 'make release' first" >&2; exit 1; }
	@for l in $(LANGUAGES); do test -f .build/locale/$$l/LC_MESSAGES/fling.mo \
	  || { echo "make install: no .build/locale/$$l/LC_MESSAGES/fling.mo: run 'make release' first" >&2; exit 1; }; done
	install -d $(BINDIR) $(DATADIR)/fling $(DATADIR)/applications $(DATADIR)/metainfo \
	  $(DATADIR)/icons/hicolor/scalable/apps $(DATADIR)/icons/hicolor/256x256/apps $(DATADIR)/man/man1 \
	  $(DATADIR)/bash-completion/completions $(DATADIR)/zsh/site-functions $(DATADIR)/fish/vendor_completions.d
	install -m 755 -s $(RELEASE_BIN) $(BINDIR)/fling
	cp -R Resources/. $(DATADIR)/fling/
	chmod -R u=rwX,go=rX $(DATADIR)/fling
	install -m 644 packaging/$(APP_ID).desktop $(DATADIR)/applications/$(APP_ID).desktop
	install -m 644 packaging/$(APP_ID).metainfo.xml $(DATADIR)/metainfo/$(APP_ID).metainfo.xml
	install -m 644 packaging/fling.svg $(DATADIR)/icons/hicolor/scalable/apps/$(APP_ID).svg
	install -m 644 Resources/images/fling.png $(DATADIR)/icons/hicolor/256x256/apps/$(APP_ID).png
	install -m 644 packaging/fling.1 $(DATADIR)/man/man1/fling.1
	for l in $(LANGUAGES); do install -D -m 644 .build/locale/$$l/LC_MESSAGES/fling.mo $(DATADIR)/locale/$$l/LC_MESSAGES/fling.mo || exit 1; done
	@# The kiosk's units (not enabled), the udev rule and the demo attract script, on this prefix's paths.
	install -d $(DATADIR)/fling/deploy $(UNITDIR)
	install -m 644 deploy/99-fling-touch.rules deploy/attract-demo.txt $(DATADIR)/fling/deploy/
	for u in fling-kmsdrm fling-cage fling-fbdev; do \
	  sed -e 's|/usr/bin/fling|$(PREFIX)/bin/fling|g' -e 's|/usr/share/fling|$(PREFIX)/share/fling|g' \
	    deploy/$$u.service > $(UNITDIR)/$$u.service && chmod 644 $(UNITDIR)/$$u.service || exit 1; done
	$(RELEASE_BIN) --generate-completion-script bash > $(DATADIR)/bash-completion/completions/fling
	$(RELEASE_BIN) --generate-completion-script zsh > $(DATADIR)/zsh/site-functions/_fling
	$(RELEASE_BIN) --generate-completion-script fish > $(DATADIR)/fish/vendor_completions.d/fling.fish

## Removes what `make install` put under $(DESTDIR)$(PREFIX).
uninstall:
	rm -f $(BINDIR)/fling $(DATADIR)/applications/$(APP_ID).desktop $(DATADIR)/metainfo/$(APP_ID).metainfo.xml \
	  $(DATADIR)/icons/hicolor/scalable/apps/$(APP_ID).svg $(DATADIR)/icons/hicolor/256x256/apps/$(APP_ID).png \
	  $(DATADIR)/man/man1/fling.1 $(DATADIR)/bash-completion/completions/fling \
	  $(DATADIR)/zsh/site-functions/_fling $(DATADIR)/fish/vendor_completions.d/fling.fish \
	  $(UNITDIR)/fling-kmsdrm.service $(UNITDIR)/fling-cage.service $(UNITDIR)/fling-fbdev.service
	rm -rf $(DATADIR)/fling
	for l in $(LANGUAGES); do rm -f $(DATADIR)/locale/$$l/LC_MESSAGES/fling.mo; \
	  rmdir $(DATADIR)/locale/$$l/LC_MESSAGES $(DATADIR)/locale/$$l 2>/dev/null || true; done

## A Debian package (dpkg-deb) of `make install PREFIX=/usr`: .build/fling_VERSION_ARCH.deb.
deb: release
	bash scripts/make-deb.sh $(VERSION)

## Installs into a temporary DESTDIR and checks it: desktop entry and metainfo validate, the
## installed binary runs headless from elsewhere on its installed resources, no Swift runtime
## is linked, and `make uninstall` leaves nothing behind.
check-install: release
	bash scripts/check-install.sh

## The kiosk proven on a real kernel: a Debian 12 guest (debootstrap, cached in
## ~/.cache/fling-kiosk-vm) gets the fresh .deb and boots in QEMU (TCG where /dev/kvm cannot
## run it); KMSDRM, fbdev, cage and --rotate 90 are checked from QMP screendumps against
## headless renders. Needs root. Screendumps and the guest's journal: .build/kiosk-vm/.
## KIOSK_VM_ONLY=kmsdrm,fbdev runs a subset.
kiosk-vm: deb
	$(SUDO) bash scripts/kiosk-vm/ensure-host.sh
	$(SUDO) /usr/bin/python3 scripts/kiosk-vm/kiosk-vm.py --deb .build/fling_$(VERSION)_$$(dpkg --print-architecture).deb \
	  --fling $(RELEASE_BIN) $(if $(KIOSK_VM_ONLY),--only $(KIOSK_VM_ONLY))

## Regenerates packaging/fling.1 from the option definitions (commit the result).
man: deps
	bash scripts/make-man.sh

## Re-renders the 256 px icon from packaging/fling.svg (needs rsvg-convert: librsvg2-bin).
icon:
	rsvg-convert -w 256 -h 256 packaging/fling.svg -o Resources/images/fling.png

## Removes .build (every build, the catalogues, the locale data).
clean:
	rm -rf .build

## Random gesture sequences on new seeds for MINUTES minutes, in-process against
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
