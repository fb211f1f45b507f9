// Soak: `fling soak`: weeks of kiosk visits compressed into virtual time, headless, with the
// resident set size sampled every virtual hour; fails if memory keeps growing.
import FlingCore
import FlingUI
import FlingSDL
import FoundationEssentials
import Glibc

/// `fling soak`: weeks of kiosk use compressed into virtual time. A visitor tours
/// every scene (a gesture every 2 s: sheets opened, dragged and closed, lists flicked, cards
/// expanded and closed, tabs switched), then leaves; the idle reset brings the home scene
/// back; repeat for `--hours` of virtual time. Frames are rendered while things move (every
/// 20th frame), so the text, image and shape caches are used as on a real screen; each visit
/// starts at a new fraction of a frame, so animations are sampled at new phases. The
/// resident set size is sampled every virtual hour; the growth after the first hour
/// (warm-up) must stay under `--max-growth-kb` (default 1024), or the exit status is 1.
@MainActor
enum Soak {
    struct Options {
        var hours = 24.0
        var size = LayoutMetrics.defaultWindowSize
        var scale = 1.0
        var resources: String?
        var maxGrowthKB = 1024.0
        var warmUpHours = 1.0
    }

    /// One visit at the default 390×844 window (layout pt; the four tabs are centred at
    /// x 49, 146, 244 and 341); 30 s of idle follow it.
    static let visit = """
        0.0  tap 200 230
        2.0  drag 200 500 200 150 0.4
        4.0  wheel -3
        6.0  key Escape
        8.0  drag 200 700 200 300 0.3
        10.0 drag 200 300 200 700 0.3
        12.0 tap 146 790
        14.0 tap 195 400
        16.0 drag 195 200 195 600 0.5
        18.0 key Escape
        20.0 drag 195 700 195 200 0.3
        22.0 tap 244 790
        24.0 tap 195 380
        26.0 drag 195 500 195 200 0.4
        28.0 key Escape
        30.0 tap 341 790
        32.0 tap 195 416
        33.0 text Ada
        34.0 key BackSpace
        35.0 key Escape
        36.0 tap 49 790
        38.0 tap 200 400
        40.0 tap 200 100
        """
    /// Visit length plus the idle time that triggers the reset (30 s) and a margin.
    static let cycle = 76.0
    static let idleReset = 30.0

    /// Resident set size in kB (/proc/self/statm × page size).
    static func rssKB() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1024
    }

    /// Runs the soak `o` describes (SoakCommand parses the command line).
    static func run(_ o: Options) -> Int32 {
        let resources: Resources
        do { resources = try Resources.load(o.resources) } catch { printError("fling: \(error.message)"); return 1 }
        guard let one = try? Script.parse(visit, file: "soak") else { return 2 }
        // The visit, repeated without the one-hour limit of script files.
        let cycles = Int((o.hours * 3600 / cycle).rounded(.up))
        var commands: [Script.Command] = []
        commands.reserveCapacity(cycles * one.commands.count + 1)
        // Each visit starts a seeded fraction of a frame late, as a real visitor's touches
        // fall anywhere between frames: animations are then sampled at new phases each time
        // (text at new in-between sizes, photos at new in-between frames), as on a screen.
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        for k in 0..<cycles {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let jitter = Double(seed >> 40) / Double(1 << 24) / 60
            for c in one.commands { var c = c; c.time += Double(k) * cycle + jitter; commands.append(c) }
        }
        Termination.install()   // before the long script is built (SDL leaves a handler that is not the default)
        guard var quit = (try? Script.parse("0 quit", file: "soak"))?.commands.first else { return 2 }
        quit.time = o.hours * 3600
        commands.append(quit)
        let script = Script(commands: commands)
        return withHeadlessDisplay(size: o.size, scale: o.scale, resources: resources.root) { display, env in
            let app = AppAssembly.app(resources, env: env, display: display, first: .restaurants)
            let kiosk = KioskDriver(app: app, config: KioskState.Config(kiosk: true, idleReset: idleReset, exitChord: nil), rotation: .none)
            var samples: [(hour: Double, kb: Double)] = []
            var nextHour = 0.0
            let started = SDLContext.monotonicSeconds()
            do {
                try runHeadless(app: app, display: display, script: script, fps: 60, run: RunContext(kiosk: kiosk),
                                renderWhileMovingEvery: 20) { t, _ in
                    guard t >= nextHour * 3600 else { return }
                    samples.append((nextHour, rssKB()))
                    print("soak: \(Int(nextHour)) h virtual: RSS \(Int(samples.last?.kb ?? 0)) kB, resets \(kiosk.state.resets)")
                    fflush(nil)
                    nextHour += 1
                }
            } catch {
                printError("fling: \(error)")
                return 1
            }
            if let s = Termination.signal { return Termination.exitStatus(s, "fling soak", at: "after \(samples.count) hourly samples") }
            samples.append((o.hours, rssKB()))
            let warm = samples.first { $0.hour >= o.warmUpHours }?.kb ?? samples[0].kb
            let end = samples.last?.kb ?? warm
            let growth = end - warm
            let wall = SDLContext.monotonicSeconds() - started
            print("soak: \(o.hours.text(places: 1)) h of virtual time in \(Int(wall)) s, \(cycles) visits, \(kiosk.state.resets) idle resets")
            print("soak: RSS after \(o.warmUpHours.text(places: 1)) h warm-up \(Int(warm)) kB, at the end \(Int(end)) kB, growth \(Int(growth)) kB (limit \(Int(o.maxGrowthKB)) kB)")
            if growth >= o.maxGrowthKB {
                print("soak: FAILED: memory grows")
                return 1
            }
            print("soak: ok")
            return 0
        }
    }
}
