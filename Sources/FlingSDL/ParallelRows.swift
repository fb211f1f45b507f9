// ParallelRows: the CPU canvas's pixel loops split into bands of rows run on every core (a
// kiosk board's two or four; FLING_RENDER_THREADS sets it), joined before the frame goes on. Each band writes its own rows
// and reads shared tables, so the result is the same as one pass; SDL is never called here.
import Dispatch
import Glibc

enum ParallelRows {
    /// Threads to use: the cores online (at most 4: past that the loops are memory-bound), or
    /// FLING_RENDER_THREADS (1…4), e.g. 1 to leave the other cores to something else. On the
    /// 2-vCPU bench machine two threads took a pulled frame (medians of three runs) from 7.37 to
    /// 4.92 ms at 390×844 @2x, 8.99 to 7.11 at 1080×1920, 8.36 to 6.46 at 1920×1080.
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

    /// Runs `work` on `bands` consecutive parts of `rows`, concurrently (this thread and the
    /// kept workers, each taking every `threads`-th band), and returns when all are done.
    /// The work is a value, not a closure: handing a non-escaping closure to other threads
    /// (withoutActuallyEscaping) allocates its context on every run.
    static func run<W: RowBandWork>(_ rows: Range<Int>, bands: Int, _ work: W) {
        guard bands > 1, rows.count > 1 else { work.run(band: 0, rows: rows); return }
        // Sound because each band writes only its own rows and reads what nobody writes
        // meanwhile, and the workers are joined before `work` goes out of scope.
        withUnsafePointer(to: work) { p in
            var job = BandWorkers.Job(work: RowBandWorkPointer(p), rows: rows, bands: bands, threads: 1)
            guard let pool = BandWorkers.shared else { job.runBands(of: 0); return }
            job.threads = min(bands, pool.workers + 1)
            withUnsafePointer(to: &job) { pool.run($0) }
        }
    }
}

/// Work split in bands of rows (ParallelRows.run): what the bands share, and one band's rows.
protocol RowBandWork {
    func run(band: Int, rows: Range<Int>)
}

/// Work reached through a pointer: one word, so a `Job` holds it as `any RowBandWork` without
/// boxing it on the heap.
private struct RowBandWorkPointer<W: RowBandWork>: RowBandWork {
    let work: UnsafePointer<W>
    init(_ work: UnsafePointer<W>) { self.work = work }
    func run(band: Int, rows: Range<Int>) { work.pointee.run(band: band, rows: rows) }
}

/// Threads kept for `ParallelRows` (one fewer than its cores), each parked on its own
/// semaphore between runs: a run hands them a pointer to the job on the caller's stack and
/// joins on one semaphore, so nothing is allocated a run (Dispatch's concurrentPerform cost
/// ~30 allocations a frame).
final class BandWorkers: @unchecked Sendable {
    struct Job {
        var work: any RowBandWork
        var rows: Range<Int>
        var bands: Int
        /// This thread and the workers taking part: thread t runs bands t, t + threads, ….
        var threads: Int
        func runBands(of thread: Int) {
            var b = thread
            while b < bands {
                let part = (rows.lowerBound + rows.count * b / bands)..<(rows.lowerBound + rows.count * (b + 1) / bands)
                if !part.isEmpty { work.run(band: b, rows: part) }
                b += threads
            }
        }
    }

    /// nil on one core (or none could be started): runs stay on the calling thread.
    static let shared: BandWorkers? = {
        let pool = BandWorkers(workers: ParallelRows.cores - 1)
        return pool.workers > 0 ? pool : nil
    }()

    private(set) var workers = 0
    private var wake: [DispatchSemaphore] = []
    private let done = DispatchSemaphore(value: 0)
    /// The job being run: written before the workers are woken, read by them until they
    /// signal `done` (the semaphores order the two).
    private var job: UnsafeRawPointer?

    /// One run at a time on the workers (the renderer's thread is the only caller; a run
    /// started while another is under way, from a band or another thread, runs by itself).
    private let gate = DispatchSemaphore(value: 1)

    private final class Start {
        let pool: BandWorkers, thread: Int, wake: DispatchSemaphore
        init(_ pool: BandWorkers, _ thread: Int, _ wake: DispatchSemaphore) { self.pool = pool; self.thread = thread; self.wake = wake }
    }

    private init(workers n: Int) {
        guard n > 0 else { return }
        for t in 1...n {
            let semaphore = DispatchSemaphore(value: 0)
            let start = Unmanaged.passRetained(Start(self, t, semaphore)).toOpaque()
            var thread = pthread_t()
            let made = pthread_create(&thread, nil, { raw in
                guard let raw else { return nil }
                let start = Unmanaged<Start>.fromOpaque(raw).takeRetainedValue()
                start.pool.serve(start.thread, wake: start.wake)
                return nil
            }, start)
            guard made == 0 else {
                Unmanaged<Start>.fromOpaque(start).release()
                break
            }
            pthread_detach(thread)
            wake.append(semaphore)
            workers += 1
        }
    }

    /// A worker's life: wait, run its bands of the job, report, forever.
    private func serve(_ thread: Int, wake: DispatchSemaphore) {
        while true {
            wake.wait()
            if let job { job.assumingMemoryBound(to: Job.self).pointee.runBands(of: thread) }
            done.signal()
        }
    }

    func run(_ pointer: UnsafePointer<Job>) {
        guard gate.wait(timeout: .now()) == .success else {
            var alone = pointer.pointee
            alone.threads = 1
            alone.runBands(of: 0)
            return
        }
        defer { gate.signal() }
        precondition(pointer.pointee.threads <= workers + 1, "a job for more threads than there are")
        let helpers = pointer.pointee.threads - 1
        job = UnsafeRawPointer(pointer)
        for t in 0..<helpers { wake[t].signal() }
        pointer.pointee.runBands(of: 0)
        for _ in 0..<helpers { done.wait() }
        job = nil
    }
}
