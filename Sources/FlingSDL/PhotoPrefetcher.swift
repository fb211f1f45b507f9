// PhotoPrefetcher: decodes the photos a list will show next on a thread of its own (a Today
// card's photo decoded in the middle of a scroll took 20 ms of a frame), as UIKit's
// table prefetching does, and hands the finished pixels to the frame that draws them. A frame
// that needs a photo still being decoded waits for that one decode, so what is drawn is the
// same, pixel for pixel and headless or not, as when the frame decoded it itself.
import Dispatch
import FlingCore
import Glibc

final class PhotoPrefetcher: @unchecked Sendable {
    /// A photo to be drawn into a `box` (px) by `mode`: decoded and scaled to the texture
    /// size `ImageStore.texture` makes for that (which needs the file's header, read there).
    struct Job: Equatable, Sendable {
        var name: String
        var path: String
        var box: Size
        var mode: ContentMode
    }

    /// A finished job: the photo's size and its texture's pixels, whether every one is
    /// opaque, or why it failed.
    struct Decoded: Sendable {
        var job: Job
        var result: Result<(natural: Size, image: RGBAImage, opaque: Bool), PNGFile.IOError>
        var bytes: Int { (try? result.get().image.pixels.count) ?? 0 }
    }

    // Everything below is guarded by `mutex`; `changed` is signalled when a job finishes.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Jobs not started, nearest the screen first; the one being decoded.
    private var queued: [Job] = []
    private var running: String?
    private var done: [String: Decoded] = [:]
    private var doneOrder: [String] = []
    private var doneBytes = 0
    private let queue = DispatchQueue(label: "fling.photo-prefetch", qos: .utility)

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(changed, nil)
    }

    deinit {
        // The queue holds `self` until its last block has run, so nothing waits here.
        pthread_cond_destroy(changed); pthread_mutex_destroy(mutex)
        changed.deallocate(); mutex.deallocate()
    }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(mutex); defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    /// The photos a frame names, nearest the screen first: each not yet asked for is queued;
    /// queued ones it no longer names are dropped (the list moved on: a jump to the end of a
    /// long list names rows it never shows), and the queue is in its order.
    func want(_ jobs: [Job]) {
        let start = locked { () -> Bool in
            var next: [Job] = []
            next.reserveCapacity(jobs.count)
            for j in jobs where j.name != running && done[j.name] == nil && !next.contains(where: { $0.name == j.name }) {
                next.append(j)
            }
            let wasIdle = queued.isEmpty && running == nil
            queued = next
            return wasIdle && !next.isEmpty
        }
        if start { queue.async { [self] in work() } }
    }

    /// Decodes the queue's first job, then the next, until it is empty.
    private func work() {
        while let job = locked({ () -> Job? in
            guard !queued.isEmpty else { return nil }
            let j = queued.removeFirst()
            running = j.name
            return j
        }) {
            let d = Decoded(job: job, result: Self.decode(job))
            locked {
                running = nil
                done[job.name] = d
                doneOrder.append(job.name)
                doneBytes += d.bytes
                // Decoded but never drawn (the list turned back): the oldest go past the budget.
                while doneBytes > RenderBudgets.prefetchedPhotoBytes, doneOrder.count > 1 {
                    let oldest = doneOrder.removeFirst()
                    doneBytes -= done.removeValue(forKey: oldest)?.bytes ?? 0
                }
                pthread_cond_broadcast(changed)
            }
        }
    }

    /// The decode of `name`, taken out: waited for if it is being decoded now; a job not yet
    /// started is dropped instead (the frame decodes it itself, sooner than behind others).
    /// nil: none to take.
    func take(_ name: String) -> (decoded: Decoded, waited: Bool)? {
        locked {
            queued.removeAll { $0.name == name }
            var waited = false
            while running == name { waited = true; pthread_cond_wait(changed, mutex) }
            guard let d = done.removeValue(forKey: name) else { return nil }
            doneOrder.removeAll { $0 == name }
            doneBytes -= d.bytes
            return (d, waited)
        }
    }

    /// Waits until every queued decode has finished (tests: a frame then finds them done).
    func waitUntilIdle() {
        locked { while running != nil || !queued.isEmpty { pthread_cond_wait(changed, mutex) } }
    }

    /// Drops every decode not taken (the app went idle, or closes): queued ones are not
    /// started, and the one running is waited for, so that no decode outlives the renderer.
    func stop() {
        locked {
            queued.removeAll()
            while running != nil { pthread_cond_wait(changed, mutex) }
            done.removeAll(); doneOrder.removeAll(); doneBytes = 0
        }
    }

    /// The photo decoded and scaled as `ImageStore.texture` does it on the main thread.
    private static func decode(_ job: Job) -> Result<(natural: Size, image: RGBAImage, opaque: Bool), PNGFile.IOError> {
        let file: ImageStore.CheckedFile
        switch ImageStore.read(job.path) {
        case .failure(let e): return .failure(e)
        case .success(let f): file = f
        }
        let natural = Size(Double(file.header.width), Double(file.header.height))
        let size = ImageStore.textureSize(natural: natural, needed: ImageStore.neededPixels(natural: natural, box: job.box, mode: job.mode))
        switch ImageStore.decode(file, path: job.path, atLeast: size) {
        case .failure(let e): return .failure(e)
        case .success(let original):
            let scaled = original.downscaled(toWidth: size.w, height: size.h)
            return .success((natural, scaled, ImageStore.isOpaque(scaled)))
        }
    }
}
