// swift-tools-version:6.2
// 6.2: FontStore uses an isolated conformance (SE-0470).
// Fling: iOS-grade sheets and cards for Linux desktops and kiosks, drawn with SDL2.
import PackageDescription

let package = Package(
    name: "Fling",
    products: [
        .executable(name: "fling", targets: ["FlingApp"]),
    ],
    dependencies: [
        // The command line: typed options, per-subcommand help, completions, the man page
        // (its generate-manual tool: make man).
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // System libraries: one module map per pkg-config name (names are case-sensitive).
        .systemLibrary(
            name: "CSDL2", pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev"]), .brew(["sdl2"])]),
        .systemLibrary(
            name: "CSDL2Image", pkgConfig: "SDL2_image",
            providers: [.apt(["libsdl2-image-dev"]), .brew(["sdl2_image"])]),
        .systemLibrary(
            name: "CSDL2TTF", pkgConfig: "SDL2_ttf",
            providers: [.apt(["libsdl2-ttf-dev"]), .brew(["sdl2_ttf"])]),
        // fontconfig: the system's fonts for the characters the bundled faces lack, sorted for
        // the user's language (a dependency of SDL2_ttf's FreeType users and of libsdl2-dev).
        .systemLibrary(
            name: "CFontconfig", pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"]), .brew(["fontconfig"])]),
        // libdbus: the AT-SPI bridge speaks to screen readers over D-Bus (a dependency of
        // libsdl2-dev; SDL links it for IBus).
        .systemLibrary(name: "CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
        // zlib: the animated PNGs of `fling replay --video x.png` (a dependency of libsdl2-dev).
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),

        // JPEG photos decoded by libjpeg at a DCT scale (thumbnails at 1/8 of the work).
        .target(name: "CJPEG", linkerSettings: [.linkedLibrary("jpeg")]),

        // When the X server says a pointer event happened (read from SDL's raw X11 events).
        .target(name: "CInputTime"),
        // A last word when SDL crashes while starting its video driver.
        .target(name: "CStartupGuard"),
        // The X server's Xft.dpi and screen size, for the UI scale (libX11: already SDL's).
        .target(name: "CX11Screen", linkerSettings: [.linkedLibrary("X11")]),

        // A Wayland window's software frames presented in shared-memory buffers, without GL
        // (libwayland-client: already a dependency of SDL 2 and of libsdl2-dev).
        .target(name: "CWaylandSHM", linkerSettings: [.linkedLibrary("wayland-client")]),

        // A KMS display's dumb buffers, mode and page flips with the kernel's DRM ioctls, for the
        // console without GL, and whether a render node is a GPU (libdrm-dev's uapi headers
        // only, a dependency of libsdl2-dev; nothing linked).
        .target(name: "CKMS"),

        // Platform-neutral: imports no SDL.
        .target(name: "FlingCore"),
        // The SDL backend: the only code that touches SDL pointers.
        .target(name: "FlingSDL", dependencies: ["FlingCore", "CSDL2", "CSDL2Image", "CSDL2TTF", "CJPEG", "CInputTime", "CWaylandSHM", "CX11Screen", "CStartupGuard", "CFontconfig", "CKMS"]),
        // The view tree, widgets, scenes and the app controller: on FlingCore only, so tests
        // drive it in-process with a fake text measurer.
        .target(name: "FlingUI", dependencies: ["FlingCore"]),
        // The accessibility tree on the AT-SPI2 bus (Orca and every AT-SPI client): on
        // FlingCore's element values only, off the frame path.
        .target(name: "FlingAccessibility", dependencies: ["FlingCore", "CDBus"]),
        // Counts heap allocations for `fling bench` (interposes malloc in the executable).
        .target(name: "CAllocCounter"),
        // main, the run loops, the command line, the tools.
        .executableTarget(name: "FlingApp", dependencies: [
            "FlingCore", "FlingUI", "FlingSDL", "FlingAccessibility", "CAllocCounter", "CZlib", "CKMS",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // What several test targets share (one definition of a test gesture), on FlingCore only.
        .target(name: "FlingTestSupport", dependencies: ["FlingCore"], path: "Tests/FlingTestSupport"),
        .testTarget(name: "FlingCoreTests", dependencies: ["FlingCore", "FlingTestSupport"]),
        .testTarget(name: "FlingSDLTests", dependencies: ["FlingCore", "FlingSDL"]),
        .testTarget(name: "FlingUITests", dependencies: ["FlingCore", "FlingUI", "FlingTestSupport"]),
        .testTarget(name: "FlingAccessibilityTests", dependencies: ["FlingCore", "FlingAccessibility"]),
        // Drives the built `fling` binary headless; reads its PNGs and state dumps.
        .testTarget(name: "FlingAppTests", dependencies: ["FlingCore", "FlingSDL", "FlingTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
