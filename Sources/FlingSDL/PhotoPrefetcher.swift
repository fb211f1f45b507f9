// PhotoPrefetcher: decodes the photos a list will show next on a thread of its own (issue 46:
// a Today card's photo decoded in the middle of a scroll took 20 ms of a frame), as UIKit's
// table prefetching does, and hands the finished pixels to the frame that draws them. A frame
// that needs a photo still being decoded waits for that one decode, so what is drawn is the
// same, pixel for pixel and headless or not, as when the frame decoded it itself.
import Dispatch
import FlingCore
import Glibc

final class PhotoPrefetcher: @unchecked Sendable {
    /// A photo decoded at least `width` × `height` pixels and scaled to exactly that.
    struct Job: Equatable, Sendable {
        var name: String
        var path: String
        var width: Int
        var height: Int
    }

    /// A finished job: the scaled pixels and whether every one is opaque, or why it failed.
    struct Decoded: Sendable {
        var job: Job
        var result: Result<(image: RGBAImage, opaque: Bool), PNGFile.IOError>
        var bytes: Int { (try? result.get().image.pixels.count) ?? 0 }
    }

    // Everything below is guarded by `mutex`; `changed` is signalled when a job finishes.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var pending: [String: Job] = [:]
    private var done: [String: Decoded] = [:]
    private var doneOrder: [String] = []
    private var doneBytes = 0
    private let queue = DispatchQueue(label: "fling.photo-prefetch", qos: .utility)
    /// Decodes finished ahead of their frame and decodes a frame waited for (tests, the state dump).
    private(set) var finishedAhead = 0
    private(set) var waitedFor = 0

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(changed, nil)
    }

    deinit {
        // The queue holds `self` until its last job has run, so nothing waits here.
        pthread_cond_destroy(changed); pthread_mutex_destroy(mutex)
        changed.deallocate(); mutex.deallocate()
    }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(mutex); defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    /// Whether a decode of `name` is queued, running or finished and not yet taken.
    func has(_ name: String) -> Bool { locked { pending[name] != nil || done[name] != nil } }

    /// Decodes `job` on the prefetch thread, unless one for its photo is already there.
    func request(_ job: Job) {
        let queued = locked { () -> Bool in
            guard pending[job.name] == nil, done[job.name] == nil else { return false }
            pending[job.name] = job
            return true
        }
        guard queued else { return }
        queue.async { [self] in
            let result = Self.decode(job)
            locked {
                pending[job.name] = nil
                let d = Decoded(job: job, result: result)
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

    /// The decode of `name` (waited for if it is still running), taken out; nil if none was asked.
    func take(_ name: String) -> Decoded? {
        locked {
            var waited = false
            while pending[name] != nil { waited = true; pthread_cond_wait(changed, mutex) }
            guard let d = done.removeValue(forKey: name) else { return nil }
            doneOrder.removeAll { $0 == name }
            doneBytes -= d.bytes
            if waited { waitedFor += 1 } else { finishedAhead += 1 }
            return d
        }
    }

    /// Drops every finished decode not taken (the app went idle); running ones still finish.
    func dropFinished() {
        locked { done.removeAll(); doneOrder.removeAll(); doneBytes = 0 }
    }

    /// The photo decoded and scaled as `ImageStore.texture` does it on the main thread.
    private static func decode(_ job: Job) -> Result<(image: RGBAImage, opaque: Bool), PNGFile.IOError> {
        switch ImageStore.load(job.path, atLeast: (job.width, job.height)) {
        case .failure(let e): return .failure(e)
        case .success(let original):
            let scaled = original.downscaled(toWidth: job.width, height: job.height)
            return .success((scaled, ImageStore.isOpaque(scaled)))
        }
    }
}
