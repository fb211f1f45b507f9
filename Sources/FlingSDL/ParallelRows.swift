// ParallelRows: the CPU canvas's pixel loops split into bands of rows run on every core (a
// kiosk board's two or four; FLING_RENDER_THREADS sets it), joined before the frame goes on. Each band writes its own rows
// and reads shared tables, so the result is the same as one pass; SDL is never called here.
import Dispatch
import Glibc

enum ParallelRows {
    /// Threads to use: the cores online (at most 4: past that the loops are memory-bound), or
    /// FLING_RENDER_THREADS (1…4), e.g. 1 to leave the other cores to something else. On the
    /// 2-vCPU bench machine two threads took a pulled frame (medians of three runs) from 7.37 to
    /// 4.92 ms at 390×844 @2x, 8.99 to 7.11 at 1080×1920, 8.36 to 6.46 at 1920×1080, for ~30
    /// allocations a frame (the dispatch).
    static let cores: Int = {
        let online = max(1, min(4, sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        let (n, warning) = threads(setting: getenv("FLING_RENDER_THREADS").map { String(cString: $0) }, online: online)
        if let warning { warning.withCString { _ = write(2, $0, strlen($0)) } }
        return n
    }()

    /// The threads for a FLING_RENDER_THREADS value (nil: unset) with `online` cores usable,
    /// and a warning line when the value is not one of 1…4.
    static func threads(setting: String?, online: Int) -> (Int, warning: String?) {
        guard let setting else { return (online, nil) }
        guard let n = Int(setting.filter { !$0.isWhitespace }), (1...4).contains(n) else {
            return (online, "fling: FLING_RENDER_THREADS=\(setting) is not 1, 2, 3 or 4; using \(online)\n")
        }
        return (min(n, online), nil)
    }

    /// How many bands `rows × columns` pixels of work are worth: 1 below ~60,000 pixels, where
    /// starting the others costs more than it saves.
    static func bands(rows: Int, columns: Int) -> Int {
        rows * columns < 60_000 ? 1 : max(1, min(cores, rows / 16))
    }

    /// Runs `body(band, rows)` for `bands` consecutive parts of `rows`, concurrently, and
    /// returns when all are done.
    static func run(_ rows: Range<Int>, bands: Int, _ body: (Int, Range<Int>) -> Void) {
        guard bands > 1, rows.count > 1 else { body(0, rows); return }
        let n = rows.count
        withoutActuallyEscaping(body) { body in
            // Sound because each band writes only its own rows and reads tables nobody writes
            // meanwhile, and concurrentPerform returns only when every band is done.
            let shared = UncheckedSendable(body)
            DispatchQueue.concurrentPerform(iterations: bands) { b in
                let lo = rows.lowerBound + n * b / bands, hi = rows.lowerBound + n * (b + 1) / bands
                if hi > lo { shared.value(b, lo..<hi) }
            }
        }
    }
}

/// A value handed to the bands of one `ParallelRows.run` (see there why that is sound).
private struct UncheckedSendable<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
