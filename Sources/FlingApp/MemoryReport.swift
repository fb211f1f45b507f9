// MemoryReport: FLING_MEMORY_REPORT=1 prints what the renderer's caches hold on stderr (after
// each bench scenario, and in a window whenever the loop goes idle).
import FlingCore
import FlingSDL

/// FLING_MEMORY_REPORT=1: what the renderer's caches hold, on stderr, each time the loop goes
/// idle (docs/presented-frames.md, Memory).
@MainActor
func printMemoryReport(_ display: Display, when: String) {
    let items = display.renderer.memoryReport
    let total = items.reduce(0) { $0 + $1.bytes }
    let mb = { (b: Int) in cFormat("%.1f", Double(b) / 1_048_576) }
    printError("memory \(when): caches \(mb(total)) MB (" + items.filter { $0.bytes > 0 }.map { "\($0.cache) \(mb($0.bytes))" }.joined(separator: ", ") + ")")
}
