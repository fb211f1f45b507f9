// BenchStatistics: one bench scenario's results (frame times, floor, allocations, CPU time,
// latency) as text or JSON, and the helpers that measure and summarize them.
import CAllocCounter
import FlingCore
import Glibc

/// One scenario's figures at one size (`fling bench` prints them as text or one JSON object).
struct BenchResult {
    var scenario: String
    var size: Size
    var scale: Double
    /// Frame times in seconds (advance + display list + render) of the measured frames.
    var times: [Double]
    /// The compositing floor measured in the same run: clear + one opaque full-window texture
    /// copied 1:1 by the same renderer.
    var floor: Double
    /// Heap allocations per measured frame (median) and the process's peak RSS so far.
    var allocsPerFrame: Double
    var peakRSSMB: Double
    /// The main thread's CPU time per measured frame (less disturbed by other processes on a
    /// shared machine than the wall-clock frame time).
    var cpuTimes: [Double] = []
    /// Input-to-present latency of every input the measured frames carried (s): from the
    /// input's own time to the end of its frame's present (frames tick at 60 Hz of virtual
    /// time, so an input waits for the next tick, then the frame takes its real time).
    var latencies: [Double] = []

    var median: Double { BenchStatistics.percentile(times, 0.5) }
    var ratio: Double { median / max(floor, 1e-9) }

    var json: JSONValue {
        let ms = { (v: Double) in JSONValue.number((v * 1000 * 1000).rounded() / 1000) }
        return .object([
            ("scenario", .string(scenario)),
            ("size", .array([.int(Int(size.width)), .int(Int(size.height))])),
            ("scale", .number(scale)),
            ("frames", .int(times.count)),
            ("median_ms", ms(median)),
            ("p90_ms", ms(BenchStatistics.percentile(times, 0.9))),
            ("p99_ms", ms(BenchStatistics.percentile(times, 0.99))),
            ("max_ms", ms(times.max() ?? 0)),
            ("floor_ms", ms(floor)),
            ("ratio", .number((ratio * 100).rounded() / 100)),
            ("allocs_per_frame", .number(allocsPerFrame)),
            ("peak_rss_mb", .number((peakRSSMB * 10).rounded() / 10)),
            ("cpu_median_ms", ms(BenchStatistics.percentile(cpuTimes, 0.5))),
            // (null: a scenario with no user input, such as a resize.)
            ("latency_median_ms", latencies.isEmpty ? .null : ms(BenchStatistics.percentile(latencies, 0.5))),
            ("latency_p99_ms", latencies.isEmpty ? .null : ms(BenchStatistics.percentile(latencies, 0.99))),
        ])
    }

    var text: String {
        func f(_ v: Double, _ places: Int) -> String { v.text(places: places) }
        return "\(scenario.padded(to: 18)) median \(f(median * 1000, 2)) ms  p90 \(f(BenchStatistics.percentile(times, 0.9) * 1000, 2))"
            + "  p99 \(f(BenchStatistics.percentile(times, 0.99) * 1000, 2))  max \(f((times.max() ?? 0) * 1000, 2))"
            + "  floor \(f(floor * 1000, 2)) ms  ×\(f(ratio, 2))  allocs/frame \(f(allocsPerFrame, 0))  peak RSS \(f(peakRSSMB, 0)) MB  (cpu \(f(BenchStatistics.percentile(cpuTimes, 0.5) * 1000, 2)) ms)"
            + (latencies.isEmpty ? "" : "  latency \(f(BenchStatistics.percentile(latencies, 0.5) * 1000, 1)) / p99 \(f(BenchStatistics.percentile(latencies, 0.99) * 1000, 1)) ms")
    }
}

enum BenchStatistics {
    /// `Statistics.percentile` (linear between order statistics), 0 for no values.
    static func percentile(_ v: [Double], _ p: Double) -> Double { Statistics.percentile(v, p) ?? 0 }

    /// Heap allocations so far in this process (see Sources/CAllocCounter).
    static var allocations: UInt64 { fling_alloc_count() }

    /// CPU seconds the calling thread has used.
    static var threadCPUTime: Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// The process's peak resident set size in MB.
    static var peakRSSMB: Double {
        var usage = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
        return Double(usage.ru_maxrss) / 1024   // kB on Linux
    }
}
